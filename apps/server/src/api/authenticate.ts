import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sendError } from '../http/api-error.js';
import { requestContext } from '../http/request-context.js';
import type { ApiClient, KeyVerifier } from '../keys/key-verifier.js';
import { type AuthenticationFailureRecorder, TOO_MANY_FAILURES_MESSAGE } from '../limits/rate-limits.js';

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

/**
 * Every /v1 operation runs behind this: it answers 401 before any parsing or validation, so an unauthenticated
 * client learns nothing about the API. Keys are read from the Authorization header only, never from the query
 * string, where they would end up in logs and browser history.
 */
export function requireApiKey(
  verifier: KeyVerifier,
  onRefused: AuthenticationFailureRecorder,
): RequestHandler {
  const admit = (
    req: Request,
    res: Response,
    next: NextFunction,
    client: ApiClient | undefined,
    key?: string,
  ) => {
    if (!client) {
      // The failure is counted first: the answer is 401 only while the address is within its limit.
      return onRefused(req).then((retryAfterSeconds) => {
        if (retryAfterSeconds !== undefined) {
          res.setHeader('Retry-After', String(retryAfterSeconds));
          sendError(res, 'rate_limited', TOO_MANY_FAILURES_MESSAGE);
          return;
        }
        res.setHeader('WWW-Authenticate', 'Bearer realm="animal-store"');
        const problem = key === undefined ? 'missing or not of the form `Bearer <key>`' : 'not a valid key';
        sendError(res, 'unauthorized', `The Authorization header is ${problem}.`);
      });
    }
    requestContext(res).client = client;
    next();
    return undefined;
  };
  return (req, res, next) => {
    const key = BEARER.exec(req.headers.authorization ?? '')?.[1];
    const client = key === undefined ? undefined : verifier.verify(key);
    // A known key is answered at once: the request goes on without waiting for a promise.
    // Returned, so that Express hears of a failure in the refusal.
    if (client instanceof Promise) return client.then((found) => admit(req, res, next, found, key), next);
    return admit(req, res, next, client, key);
  };
}
