import { createServer, type Server, type ServerOptions } from 'node:http';
import { MAX_HEADER_BYTES } from '@animal-store/contract';
import type { Express } from 'express';
import type { ServerLimits } from '../config/config.js';
import { enforceBodyDeadline } from './body-deadline.js';
import {
  answerNodeRefusalsWithErrors,
  type RefusalTracer,
  refuseUnservableRequests,
} from './node-refusals.js';

/**
 * The HTTP server around the app, with the limits that protect it from slow or abusive clients. `classes`: what
 * Node creates requests and responses from (main.ts passes the tuning's `bornWithAppPrototypes`).
 * `traceRefusal`: told of the requests refused before the app, with tracing on.
 */
export function createHttpServer(
  app: Express,
  limits: ServerLimits,
  classes: Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'> = {},
  traceRefusal?: RefusalTracer,
): Server {
  const serve = refuseUnservableRequests(app, traceRefusal);
  const watchBody = enforceBodyDeadline(limits.requestTimeoutMs);
  const server = createServer(
    {
      ...classes,
      // Checked by refuseUnservableRequests instead, so that the refusal carries the Error body.
      requireHostHeader: false,
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      maxHeaderSize: MAX_HEADER_BYTES,
      // Node checks the timeouts above on this interval; its default of 30 s would let slow clients linger.
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    (req, res) => {
      watchBody(req, res);
      serve(req, res);
    },
  );
  server.maxConnections = limits.maxConnections;
  answerNodeRefusalsWithErrors(server, traceRefusal);
  return server;
}
