import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from './http-server.js';
import { sqliteTestDatabase, type TestDatabase } from './test-support/databases.js';
import { anError, see } from './test-support/http-assertions.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

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

/** Serves `app` as the store serves its own (`createHttpServer`), and answers the JSON body of a GET of `path`. */
async function fetchJsonFrom(app: express.Express, path: string): Promise<unknown> {
  const server = createHttpServer(app, {
    headersTimeoutMs: 1000,
    requestTimeoutMs: 2000,
    maxConnections: 10,
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  try {
    const { port } = server.address() as AddressInfo;
    return await (await fetch(`http://127.0.0.1:${port}${path}`)).json();
  } finally {
    await new Promise((closed) => server.close(closed));
  }
}

describe('requests and responses', () => {
  it("reach Express already with the app's prototypes, so that it need not change them", async () => {
    const app = express();
    app.get('/hello', (req, res) => {
      res.json({ sameApp: req.app === app, path: req.path });
    });
    // Express's entry point: what the HTTP server hands it is recorded before Express sets any prototype.
    type Handle = (req: IncomingMessage, res: ServerResponse, done?: () => void) => void;
    const handle = (app as unknown as { handle: Handle }).handle.bind(app);
    const bornWithPrototypes: boolean[] = [];
    Object.assign(app, {
      handle: ((req, res, done) => {
        bornWithPrototypes.push(
          Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response,
        );
        handle(req, res, done);
      }) satisfies Handle,
    });
    expect(await fetchJsonFrom(app, '/hello?x=1')).toStrictEqual({ sameApp: true, path: '/hello' });
    expect(bornWithPrototypes).toStrictEqual([true]);
  });

  it("keep V8's fast property layout, so that reading their properties stays cheap", async () => {
    // V8's own answer; code compiled after the flag is set may ask it.
    setFlagsFromString('--allow-natives-syntax');
    const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (
      object: object,
    ) => boolean;
    const app = express();
    app.get('/layout', (req, res) => {
      res.locals.seen = true;
      res.setHeader('X-Example', 'yes');
      res.json({ request: hasFastProperties(req), response: hasFastProperties(res) });
    });
    expect(await fetchJsonFrom(app, '/layout')).toStrictEqual({ request: true, response: true });
  });
});
