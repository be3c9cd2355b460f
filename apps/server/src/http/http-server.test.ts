import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { anError, see } from '../test-support/http-assertions.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

/** Sends raw bytes and resolves with everything the server answers before it closes the connection. */
function rawExchange(port: number, chunks: string[], pauseMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (data) => {
      answer += data.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) break;
        socket.write(chunk);
        await new Promise((wait) => setTimeout(wait, pauseMs));
      }
    });
  });
}

function parseRawResponse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 2),
    ]),
  );
  return {
    status: Number(statusLine.split(' ')[1]),
    contentType: headers['content-type'] ?? null,
    body: JSON.parse(body),
  };
}

describe('the HTTP server around the app', () => {
  let database: TestDatabase;
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    database = await sqliteTestDatabase.create();
    server = await startTestServer(database.config, {
      serverLimits: { headersTimeoutMs: 500, requestTimeoutMs: 1000 },
    });
    port = Number(new URL(server.origin).port);
  });

  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('answers a slow-loris client with 408 JSON and closes it, while serving others meanwhile', async () => {
    const slow = rawExchange(
      port,
      ['GET /v1/pets HTTP/1.1\r\n', 'Host: x\r\n', 'X-A: 1\r\n', 'X-B: 2\r\n'],
      400,
    );
    const meanwhile = await server.request('/v1/pets');
    expect(meanwhile.status).toBe(200);
    expect(parseRawResponse(await slow)).toStrictEqual(
      anError(408, 'request_timeout', 'The request was not received in time.'),
    );
  });

  /** Complete headers of a create announcing a 40-byte body, then one byte of it every 100 ms for 4 s. */
  const tricklingCreate = (authorization?: string) => [
    'POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n' +
      (authorization ? `Authorization: ${authorization}\r\n` : '') +
      '\r\n',
    ...Array<string>(40).fill(' '),
  ];

  it('answers a body that trickles past the request timeout with 408 JSON and closes the connection', async () => {
    const started = Date.now();
    const raw = await rawExchange(port, tricklingCreate(`Bearer ${server.apiKey}`), 100);
    expect(parseRawResponse(raw)).toStrictEqual(
      anError(408, 'request_timeout', 'The request was not received in time.'),
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('closes a connection whose body trickles past the request timeout after its early 401', async () => {
    const started = Date.now();
    const raw = await rawExchange(port, tricklingCreate(), 100);
    expect(parseRawResponse(raw)).toStrictEqual(
      anError(401, 'unauthorized', 'The Authorization header is missing or not of the form `Bearer <key>`.'),
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers headers over 16 KiB with 431 JSON', async () => {
    const response = await server.request('/v1/pets', { headers: { 'x-padding': 'p'.repeat(17 * 1024) } });
    expect(await see(response)).toStrictEqual(
      anError(431, 'headers_too_large', 'The request headers are larger than 16 KiB.'),
    );
  });

  it('answers bytes that are not HTTP with 400 JSON', async () => {
    const raw = await rawExchange(port, ['GET /v1/pets HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n']);
    expect(parseRawResponse(raw)).toStrictEqual(
      anError(400, 'bad_request', 'The request is not valid HTTP.'),
    );
  });
});
