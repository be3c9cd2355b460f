import type { Express, Response } from 'express';
import { AnswerBody } from '../http/answer-body.js';

/**
 * A body already in bytes (the catalogue's answers, many kept in memory) sent as it is. ts-rest sends a handler's
 * body by `res.json`, which serialises it: for an `AnswerBody`, by parsing the bytes back (its `toJSON`). Relies on
 * ts-rest answering through `res.json`, and on Express's `res.json` and `res.send` doing nothing else for these
 * answers than the content type, the length and HEAD (no ETag of Express's: the app turns it off; no freshness
 * check: the catalogue's operations answer If-None-Match themselves). The test beside this file compares the bytes
 * and headers with Express's.
 */
export function sendAnswerBytes(app: Express): void {
  const serialised = app.response.json;
  app.response.json = function json(this: Response, body: unknown) {
    if (!(body instanceof AnswerBody)) return serialised.call(this, body);
    this.setHeader('Content-Type', 'application/json; charset=utf-8');
    this.setHeader('Content-Length', body.bytes.length);
    if (this.req.method === 'HEAD') this.end();
    else this.end(body.bytes);
    return this;
  };
}
