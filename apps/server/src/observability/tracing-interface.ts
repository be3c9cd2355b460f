import type { RequestHandler, Response } from 'express';
import type { QueryTracer } from '../database/traced-dialect.js';
import type { RefusalTracer } from '../http/node-refusals.js';
import type { CommandTracer } from '../limits/redis-counter-store.js';
import type { TrustedPeer } from './observe-requests.js';

/** The ids that join a request's log line to its trace, as the log names them. */
export interface TraceIds {
  trace_id: string;
  span_id: string;
}

/** Tracing as the rest of the store sees it: no OpenTelemetry type crosses this line. */
export interface Tracing {
  /**
   * The pipeline step after observeRequests: the request's server span, active for every later step. It continues
   * the caller's trace only when `trustedPeer` says the request came from a TRUST_PROXY proxy.
   */
  traceRequests(trustedPeer: TrustedPeer): RequestHandler;
  /** Each database statement of a traced request as a child span. */
  traceQuery: QueryTracer;
  /** Each Redis counter command of a traced request as a child span. */
  traceCommand: CommandTracer;
  /** Each request refused before the app (Node's parser, no Host, CONNECT) as a short server span of its own. */
  traceRefusal: RefusalTracer;
  /** The ids of the span of the request a response answers, for its log line. */
  idsOf(res: Response): TraceIds | undefined;
  /** Sends what is pending, then stops: the last step of a graceful stop. */
  shutdown(): Promise<void>;
}
