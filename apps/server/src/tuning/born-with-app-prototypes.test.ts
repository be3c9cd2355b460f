import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { bornWithAppPrototypes } from './born-with-app-prototypes.js';

/** Serves `app` on a server whose requests are born with its prototypes, and answers the JSON body of a GET. */
async function fetchJsonFrom(app: express.Express, path: string): Promise<unknown> {
  const server = createServer(bornWithAppPrototypes(app), app);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  try {
    const { port } = server.address() as AddressInfo;
    return await (await fetch(`http://127.0.0.1:${port}${path}`)).json();
  } finally {
    await new Promise((closed) => server.close(closed));
  }
}

describe('requests and responses born with the app prototypes', () => {
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
