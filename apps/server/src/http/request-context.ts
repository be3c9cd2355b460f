import type { Response } from 'express';
import type { ApiClient } from '../keys/key-verifier.js';

/**
 * What the pipeline has learnt about a request, for the steps after it: each field is set by one step and read
 * through `requestContext`.
 */
export interface RequestContext {
  /** Set by the first step of every request: the id in `X-Request-Id`, the log and 500 messages. */
  readonly requestId: string;
  /** The client's own `X-Request-Id`, when it was not adopted as the id: logged beside it. */
  readonly clientRequestId: string | undefined;
  /** Set by authentication once the key is verified; undefined before that, and on pages. */
  client: ApiClient | undefined;
  /** Set by the key's rate limit once it counted the request: takes the count back (a 304 is not counted). */
  uncount: (() => void) | undefined;
}

/** Starts the context of a request: done once, by the first step (observeRequests). */
export function startRequestContext(
  res: Response,
  requestId: string,
  clientRequestId: string | undefined,
): RequestContext {
  // Every field from the start: one object shape for every request.
  const context: RequestContext = { requestId, clientRequestId, client: undefined, uncount: undefined };
  res.locals.requestContext = context;
  return context;
}

/** The context of the request a response answers. */
export function requestContext(res: Response): RequestContext {
  return res.locals.requestContext as RequestContext;
}
