import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { startRequestContext } from '../http/request-context.js';

/** Something told of every request: the request log, the metrics. */
export interface RequestObserver {
  /** The request arrived, before any other step. */
  arrived?(req: Request): void;
  /** Its response is done, or was cut off (`res.writableFinished` is then false). */
  finished(req: Request, res: Response, elapsedMs: number): void;
}

/** Whether a request came through a proxy named in TRUST_PROXY, whose `X-Request-Id` may then name the request. */
export type TrustedPeer = (req: Request) => boolean;

const SAFE_REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * The first step of every request: it gets its id and its context, and its observers hear of it when it arrives
 * and when its response is done, from one listener. The id is the trusted proxy's `X-Request-Id` or a new one: a
 * client may not choose what the logs and 500 messages call its request, so its own value is only kept beside.
 */
export function observeRequests(
  trustedPeer: TrustedPeer,
  observers: readonly RequestObserver[],
): RequestHandler {
  const arriving = observers.filter((observer) => observer.arrived !== undefined);
  return (req, res, next) => {
    const started = performance.now();
    const incoming = req.headers['x-request-id'];
    const safeIncoming =
      typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : undefined;
    const adopted = safeIncoming !== undefined && trustedPeer(req);
    const context = adopted
      ? startRequestContext(res, safeIncoming, undefined)
      : startRequestContext(res, randomUUID(), safeIncoming);
    res.setHeader('X-Request-Id', context.requestId);
    for (const observer of arriving) observer.arrived?.(req);
    res.once('close', () => {
      const elapsedMs = performance.now() - started;
      for (const observer of observers) observer.finished(req, res, elapsedMs);
    });
    next();
  };
}
