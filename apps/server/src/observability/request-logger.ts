import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { ClientAddress } from '../http/client-address.js';
import type { RequestCounter } from './request-metrics.js';

const SAFE_REQUEST_ID = /^[\w.-]{1,64}$/;

/** The id of the request a response answers, as sent in `X-Request-Id` and logged. */
export function requestIdOf(res: Response): string {
  return res.locals.requestId as string;
}

/** Whether a request came through a proxy named in TRUST_PROXY, whose `X-Request-Id` may then name the request. */
export type TrustedPeer = (req: Request) => boolean;

/**
 * One JSON line per request, written when the response is done: request id, method, path, client address (behind
 * trusted proxies, the one they forward), matched route, status and duration. The request id is the trusted proxy's
 * `X-Request-Id` or a new one: a client may not choose what the logs and 500 messages call its request, so its own
 * value is only logged beside, as `clientRequestId`. Headers and query strings are left
 * out on purpose: they are where credentials leak into logs. With metrics on, the same moments are counted
 * (`counter`), from the same listener. Written here rather than with pino-http, whose per-request child logger and
 * serializers cost a fifth of the throughput of a list request.
 */
export function requestLogger(
  logger: Logger,
  clientAddress: ClientAddress,
  trustedPeer: TrustedPeer,
  counter?: RequestCounter,
): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const operation = counter?.received(req.method, req.originalUrl);
    const incoming = req.headers['x-request-id'];
    const safeIncoming =
      typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : undefined;
    const adopted = safeIncoming !== undefined && trustedPeer(req);
    const id = adopted ? safeIncoming : randomUUID();
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    res.once('close', () => {
      const elapsedMs = performance.now() - started;
      if (operation !== undefined) counter?.answered(operation, res, elapsedMs);
      const entry = {
        req: {
          id,
          method: req.method,
          path: req.originalUrl.split('?', 1)[0],
          remoteAddress: clientAddress(req),
        },
        res: { statusCode: res.statusCode },
        // The path pattern of the route that answered, e.g. /v1/pets/:petId: groups requests without their ids.
        route: (req.route as { path?: string } | undefined)?.path,
        responseTime: Math.round(elapsedMs),
        ...(safeIncoming !== undefined && !adopted ? { clientRequestId: safeIncoming } : {}),
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (res.statusCode >= 500) logger.error(entry, `${req.method} ${res.statusCode}`);
      else logger.info(entry, `${req.method} ${res.statusCode}`);
    });
    next();
  };
}
