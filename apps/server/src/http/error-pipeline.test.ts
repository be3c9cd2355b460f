import { describe, expect, it } from 'vitest';
import { sqliteTestDatabase } from '../test-support/databases.js';
import { anError, see } from '../test-support/http-assertions.js';
import { startTestServer } from '../test-support/test-server.js';
import { useTestServer } from '../test-support/use-test-server.js';

describe('the error pipeline', () => {
  const server = useTestServer();

  const post = (body: string | Uint8Array, contentType = 'application/json') =>
    server().request('/v1/pets', { method: 'POST', headers: { 'content-type': contentType }, body });

  it('400 malformed_json for a body that is not JSON', async () => {
    const expected = anError(400, 'malformed_json', 'The request body is not valid JSON.');
    expect(await see(await post('{"name": "Rex",'))).toStrictEqual(expected);
    expect(await see(await post(' '))).toStrictEqual(expected);
  });

  it.each(['null', '"just a string"', '42', 'true'])(
    '400 validation_failed for %s: valid JSON of the wrong shape',
    async (body) => {
      expect(await see(await post(body))).toStrictEqual(
        anError(400, 'validation_failed', 'The request body is required and must be a JSON object.'),
      );
    },
  );

  it('400 malformed_json for bytes that are not UTF-8, and nothing is stored', async () => {
    const invalid = Buffer.concat([
      Buffer.from('{"name":"Bad'),
      Buffer.from([0xff, 0xc3]),
      Buffer.from('Bytes","categoryId":1}'),
    ]);
    expect(await see(await post(invalid))).toStrictEqual(
      anError(400, 'malformed_json', 'The request body is not valid UTF-8.'),
    );
    const listed = (await (await server().request('/v1/pets?limit=100')).json()) as Array<{ name: string }>;
    expect(listed.filter((pet) => pet.name.startsWith('Bad'))).toStrictEqual([]);
  });

  it.each(['utf-16', 'utf-16le', 'utf-7', 'iso-8859-1', 'x-unknown'])(
    '415 for a body in charset %s, before reading it',
    async (charset) => {
      // `+AGE-` is "a" in UTF-7: a body in another charset must not be read as something else.
      expect(
        await see(await post('{"name":"+AGE-","categoryId":1}', `application/json; charset=${charset}`)),
      ).toStrictEqual(anError(415, 'unsupported_media_type', 'The request body must be UTF-8 JSON.'));
    },
  );

  it('415 for a body that is not application/json, before reading it', async () => {
    const expected = anError(
      415,
      'unsupported_media_type',
      'The request body must be JSON, sent as Content-Type: application/json.',
    );
    expect(await see(await post('name=Rex&categoryId=1', 'application/x-www-form-urlencoded'))).toStrictEqual(
      expected,
    );
    expect(await see(await post('{"name":"Rex","categoryId":1}', 'text/plain'))).toStrictEqual(expected);
  });

  it.each(['charset=utf-8', 'charset=UTF-8', 'charset="utf-8"'])(
    'accepts JSON with %s',
    async (parameter) => {
      const response = await post('{"name":"Rex","categoryId":1}', `application/json; ${parameter}`);
      expect(response.status).toBe(201);
    },
  );

  it('413 for a body over 16 KiB, 201 just under it', async () => {
    const bodyOfLength = (length: number) => {
      const frame = JSON.stringify({ name: '', categoryId: 1, pad: '' });
      return JSON.stringify({ name: 'x', categoryId: 1, pad: 'p'.repeat(length - frame.length - 1) });
    };
    expect(await see(await post(bodyOfLength(16 * 1024 + 1)))).toStrictEqual(
      anError(413, 'payload_too_large', 'The request body is larger than 16 KiB.'),
    );
    // Just under the limit the body is read and judged on its content (the pad field is unknown).
    expect((await see(await post(bodyOfLength(16 * 1024)))).status).toBe(400);
  });

  it('404 route_not_found for unknown paths, inside and outside /v1', async () => {
    expect(await see(await server().request('/v1/store/orders'))).toStrictEqual(
      anError(404, 'route_not_found', 'No operation at GET /v1/store/orders.'),
    );
    expect(await see(await fetch(`${server().origin}/pets`))).toStrictEqual(
      anError(404, 'route_not_found', 'No operation at GET /pets.'),
    );
  });

  it('405 with Allow for a method a path does not support', async () => {
    const deleted = await server().request('/v1/pets/1', { method: 'DELETE' });
    expect(await see(deleted)).toStrictEqual(
      anError(405, 'method_not_allowed', 'DELETE is not supported here; use GET, HEAD.'),
    );
    expect(deleted.headers.get('allow')).toBe('GET, HEAD');
    const put = await server().request('/v1/pets', { method: 'PUT' });
    expect(await see(put)).toStrictEqual(
      anError(405, 'method_not_allowed', 'PUT is not supported here; use GET, HEAD, POST.'),
    );
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('400 bad_request for a path that cannot be decoded, logged and with the API headers', async () => {
    const response = await server().request('/v1/pets/%E0%A4%A');
    const requestId = response.headers.get('x-request-id');
    expect(await see(response)).toStrictEqual(anError(400, 'bad_request', 'The request could not be read.'));
    // The path fails while the routes are matched: the request log and headers must already be in place.
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    await expect
      .poll(() =>
        server()
          .logLines()
          .find((line) => (line.req as { id?: string })?.id === requestId),
      )
      .toMatchObject({ res: { statusCode: 400 } });
  });

  it('500 internal_error for an unexpected failure: logged with the request id, never leaked', async () => {
    const failingDatabase = await sqliteTestDatabase.create();
    const failing = await startTestServer(failingDatabase.config);
    await failing.store.database.close();
    const response = await failing.request('/v1/pets');
    const requestId = response.headers.get('x-request-id');
    const seen = await see(response);
    await failing.close().catch(() => undefined);
    await failingDatabase.drop();

    expect(seen).toStrictEqual(
      anError(
        500,
        'internal_error',
        `An unexpected error occurred; quote request id ${requestId} when reporting it.`,
      ),
    );
    expect(JSON.stringify(seen.body)).not.toMatch(/at .*\.(js|ts):\d+|Error:/);
    const logged = failing.logLines().find((line) => line.msg === 'unexpected failure');
    expect(logged).toMatchObject({ level: 50, req: { id: requestId }, err: { type: expect.any(String) } });
    // The log says what failed, not where in the code: no stack trace reaches a log line either.
    expect(failing.rawLogs()).not.toMatch(/"stack"|\n\s+at /);
  });

  it('names each request itself: a client’s X-Request-Id is only logged beside, an unsafe one not at all', async () => {
    const chosen = await server().request('/v1/pets', { headers: { 'x-request-id': 'trace-123' } });
    const id = chosen.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = server()
      .logLines()
      .find((entry) => (entry.req as { id?: string } | undefined)?.id === id);
    expect(line).toMatchObject({ req: { id }, clientRequestId: 'trace-123' });

    const unsafe = await server().request('/v1/pets', {
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(server().rawLogs()).not.toContain('bad id');
  });
});
