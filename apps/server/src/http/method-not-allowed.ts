import type { RequestHandler, Response } from 'express';
import { sendError } from './api-error.js';

/** 405 with `Allow`, the one answer for a known path asked with a method it does not take, API or page alike. */
export function sendMethodNotAllowed(res: Response, method: string, allow: string): void {
  res.setHeader('Allow', allow);
  sendError(res, 'method_not_allowed', `${method} is not supported here; use ${allow}.`);
}

/**
 * For the store's pages, all read-only: passes GET and HEAD on, answers any other method 405. Registered on a page's
 * paths beside its GET routes, so that `POST /healthz` learns what the path takes instead of a 404.
 */
export const onlyGetAndHead: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') {
    next();
    return;
  }
  sendMethodNotAllowed(res, req.method, 'GET, HEAD');
};
