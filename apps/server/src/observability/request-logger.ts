import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { ClientAddress } from '../http/client-address.js';
import { requestContext } from '../http/request-context.js';
import type { RequestObserver } from './observe-requests.js';
import type { TraceIds } from './tracing-interface.js';

/** What a request's log line says, in the order it says it. */
export interface RequestLogFields {
  req: { id: string; method: string; path: string; remoteAddress: string | undefined };
  res: { statusCode: number };
  /**
   * The path pattern of the route that answered, e.g. /v1/pets/:petId: groups requests without their ids. Absent
   * when none answered, or when the one that did is matched by a regular expression (the admin app's pages).
   */
  route: string | undefined;
  responseTime: number;
  /** The client's own `X-Request-Id`, when it was not adopted. */
  clientRequestId: string | undefined;
  /** The response was cut off before it was done. */
  aborted: boolean;
  /** With tracing on: the request's `trace_id` and `span_id`, which join its line to its trace. */
  traceIds: TraceIds | undefined;
}

/** Writes one request's line at `level`, with `msg` (e.g. "GET 200"); the tuning has a faster one than pino's. */
export type RequestLogWriter = (fields: RequestLogFields, level: 'info' | 'error', msg: string) => void;

/** The line as pino writes it: fields left undefined (or false, for `aborted`) are left out. */
export const logWithPino =
  (logger: Logger): RequestLogWriter =>
  (fields, level, msg) => {
    const { req, res, route, responseTime, clientRequestId, aborted, traceIds } = fields;
    const entry = {
      req,
      res,
      route,
      responseTime,
      ...(clientRequestId !== undefined ? { clientRequestId } : {}),
      ...(aborted ? { aborted: true } : {}),
      ...traceIds,
    };
    logger[level](entry, msg);
  };

/** The answering route's path pattern, when it has one written as a path: a RegExp or a list would log as `{}`. */
function routePattern(req: Request): string | undefined {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? path : undefined;
}

/**
 * One JSON line per request, written when the response is done: request id, method, path, client address (behind
 * trusted proxies, the one they forward), matched route, status and duration, and the client's own `X-Request-Id`
 * when it was not adopted. Headers and query strings are left out on purpose: they are where credentials leak into
 * logs. Written here rather than with pino-http, whose per-request child logger and serializers cost a fifth of the
 * throughput of a list request.
 */
export function requestLog(
  write: RequestLogWriter,
  clientAddress: ClientAddress,
  traceIdsOf?: (res: Response) => TraceIds | undefined,
): RequestObserver {
  return {
    finished(req, res, elapsedMs) {
      const { requestId, clientRequestId } = requestContext(res);
      const statusCode = res.statusCode;
      const fields: RequestLogFields = {
        req: {
          id: requestId,
          method: req.method,
          path: req.originalUrl.split('?', 1)[0] as string,
          remoteAddress: clientAddress(req),
        },
        res: { statusCode },
        route: routePattern(req),
        responseTime: Math.round(elapsedMs),
        clientRequestId,
        aborted: !res.writableFinished,
        traceIds: traceIdsOf?.(res),
      };
      write(fields, statusCode >= 500 ? 'error' : 'info', `${req.method} ${statusCode}`);
    },
  };
}
