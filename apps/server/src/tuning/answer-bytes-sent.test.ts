import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerBody } from '../http/answer-body.js';
import { sendAnswerBytes } from './answer-bytes-sent.js';

const BODY = [{ id: 1, name: 'Ré ✓ "quoted"', categoryId: 7, status: 'sold' }];

/** An app answering `/` with `send(res)`, with or without the tuning. */
function appSending(tuned: boolean, send: (res: express.Response) => void) {
  const app = express();
  if (tuned) sendAnswerBytes(app);
  app.set('etag', false);
  app.get('/', (_req, res) => send(res));
  return app;
}

describe('a body in bytes sent as it is (the tuning) is what Express sends for the same body', () => {
  const origins: string[] = [];
  const servers: ReturnType<express.Express['listen']>[] = [];

  beforeAll(async () => {
    const apps = [
      appSending(false, (res) => res.json(BODY)),
      appSending(true, (res) => res.json(new AnswerBody(Buffer.from(JSON.stringify(BODY))))),
      // Without the tuning, the body is serialised by its toJSON, to the same bytes.
      appSending(false, (res) => res.json(new AnswerBody(Buffer.from(JSON.stringify(BODY))))),
    ];
    for (const app of apps) {
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      servers.push(server);
      origins.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
  });

  afterAll(() => {
    for (const server of servers) server.close();
  });

  it.each(['GET', 'HEAD'])('%s: the same status, headers and bytes', async (method) => {
    const answers = await Promise.all(
      origins.map(async (origin) => {
        const response = await fetch(`${origin}/`, { method });
        const headers = Object.fromEntries(response.headers);
        delete headers.date;
        return { status: response.status, headers, body: await response.text() };
      }),
    );
    expect(answers[1]).toStrictEqual(answers[0]);
    expect(answers[2]).toStrictEqual(answers[0]);
  });

  it('leaves every other body to Express', async () => {
    const app = appSending(true, (res) => res.json({ plain: true }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(await response.json()).toStrictEqual({ plain: true });
    server.close();
  });
});
