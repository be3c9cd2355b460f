import { PetListSchema } from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import { aJson, anError } from '../test-support/http-assertions.js';
import { exchangeRaw, type RawResponse, rawRequest } from '../test-support/raw-http.js';
import { useTestServer } from '../test-support/use-test-server.js';

const GARBAGE = 'GARBAGE\r\n\r\n';

/** What a test asserts of each raw response: status, type and body, and whether the connection stays open. */
async function exchange(port: number, bytes: string) {
  const responses = await exchangeRaw(port, bytes);
  return responses.map(({ status, contentType, body, headers }: RawResponse) => ({
    status,
    contentType,
    body,
    connection: headers.connection ?? null,
  }));
}

describe('pipelined requests and the refusals Node makes itself, over a raw socket', () => {
  const server = useTestServer();
  const port = () => Number(new URL(server().origin).port);
  const headers = () => ({ host: 'store.test', authorization: `Bearer ${server().apiKey}` });
  const keptAlive = (expected: object) => ({ ...expected, connection: 'keep-alive' });
  const closing = (expected: object) => ({ ...expected, connection: 'close' });

  it('answers every request read before a malformed one, in order, and then the 400', async () => {
    const first = { name: 'Piped A', categoryId: 1 };
    const second = { name: 'Piped B', categoryId: 1 };
    const responses = await exchange(
      port(),
      rawRequest('POST', '/v1/pets', headers(), first) +
        rawRequest('POST', '/v1/pets', headers(), second) +
        GARBAGE,
    );
    expect(responses).toStrictEqual([
      keptAlive(aJson(201, { id: expect.any(Number), ...first })),
      keptAlive(aJson(201, { id: expect.any(Number), ...second })),
      closing(anError(400, 'bad_request', 'The request is not valid HTTP.')),
    ]);
    const stored = PetListSchema.parse(await (await server().request('/v1/pets?limit=100')).json());
    expect(stored.filter((pet) => pet.name.startsWith('Piped')).map(({ name }) => name)).toStrictEqual([
      'Piped A',
      'Piped B',
    ]);
  });

  it('answers three pipelined reads before the 400 for what follows them', async () => {
    const read = rawRequest('GET', '/v1/pets?limit=1', headers());
    const responses = await exchange(port(), read + read + read + GARBAGE);
    const page = keptAlive(aJson(200, [expect.objectContaining({ id: expect.any(Number) })]));
    expect(responses).toStrictEqual([
      page,
      page,
      page,
      closing(anError(400, 'bad_request', 'The request is not valid HTTP.')),
    ]);
  });

  it('answers an authenticated create whose chunked body is malformed with 400, after the reads before it', async () => {
    const malformedChunks = rawRequest('POST', '/v1/pets', {
      ...headers(),
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    }).concat('zz\r\n{}\r\n0\r\n\r\n');
    const responses = await exchange(
      port(),
      rawRequest('GET', '/v1/pets?limit=1', headers()) + malformedChunks,
    );
    expect(responses).toStrictEqual([
      keptAlive(aJson(200, [expect.objectContaining({ id: expect.any(Number) })])),
      closing(anError(400, 'bad_request', 'The request is not valid HTTP.')),
    ]);
  });

  it('refuses an HTTP/1.1 request without Host with the Error body, after the responses before it', async () => {
    const { host: _, ...withoutHost } = headers();
    const responses = await exchange(
      port(),
      rawRequest('GET', '/v1/pets?limit=1', headers()) + rawRequest('GET', '/v1/pets?limit=1', withoutHost),
    );
    expect(responses).toStrictEqual([
      keptAlive(aJson(200, [expect.objectContaining({ id: expect.any(Number) })])),
      closing(anError(400, 'bad_request', 'An HTTP/1.1 request must carry a Host header.')),
    ]);
  });

  it('refuses an expectation other than 100-continue with 417 and the Error body', async () => {
    const responses = await exchange(port(), rawRequest('GET', '/v1/pets', { ...headers(), expect: 'foo' }));
    expect(responses).toStrictEqual([
      closing(
        anError(417, 'expectation_failed', 'The only expectation the store meets is Expect: 100-continue.'),
      ),
    ]);
  });

  it('still meets Expect: 100-continue', async () => {
    const request = rawRequest(
      'POST',
      '/v1/pets',
      { ...headers(), expect: '100-continue' },
      { name: 'Asked', categoryId: 1 },
    );
    expect((await exchange(port(), `${request}${GARBAGE}`)).map(({ status }) => status)).toStrictEqual([
      100, 201, 400,
    ]);
  });

  it.each(['HTTP/1.2', 'HTTP/2.0', 'HTTP/0.9', 'HTTP/9.1'])(
    'refuses the version %s with the Error body',
    async (version) => {
      const request = rawRequest('GET', '/v1/pets', headers()).replace('HTTP/1.1', version);
      expect(await exchange(port(), request)).toStrictEqual([
        closing(anError(400, 'bad_request', 'The HTTP version must be 1.0 or 1.1.')),
      ]);
    },
  );

  it('refuses CONNECT, which only a proxy serves, with the Error body', async () => {
    const connect = 'CONNECT store.test:443 HTTP/1.1\r\nHost: store.test:443\r\n\r\n';
    expect(await exchange(port(), connect)).toStrictEqual([
      closing(anError(400, 'bad_request', 'CONNECT is not supported: the store is not a proxy.')),
    ]);
  });

  it('serves an HTTP/1.0 request without Host', async () => {
    const { host: _, ...withoutHost } = headers();
    const request = rawRequest('GET', '/v1/pets?limit=1', withoutHost).replace('HTTP/1.1', 'HTTP/1.0');
    expect(await exchange(port(), request)).toStrictEqual([
      closing(aJson(200, [expect.objectContaining({ id: expect.any(Number) })])),
    ]);
  });
});
