import {
  type Context,
  context,
  defaultTextMapGetter,
  type Link,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { Request, RequestHandler, Response } from 'express';
import type { QueryTracer } from '../database/traced-dialect.js';
import type { RefusalTracer } from '../http/node-refusals.js';
import { requestContext } from '../http/request-context.js';
import { listenToRequestEvents, type RequestEvent } from '../http/request-events.js';
import type { CommandTracer } from '../limits/redis-counter-store.js';
import type { TrustedPeer } from './observe-requests.js';
import type { TraceIds, Tracing } from './tracing-interface.js';

/** `/v1/pets/:petId` as OpenTelemetry writes a route template: `/v1/pets/{petId}`. */
function routeTemplate(req: Request): string | undefined {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? path.replace(/:(\w+)/g, '{$1}') : undefined;
}

/**
 * A step's RequestEvent as an event of the request's span, at the moment it was told. Names and attributes are
 * stable (docs/operations.md lists them); none carries a header, a body value, a key or an address:
 * - `animal_store.database_unavailable` (a 503): `error.type`, the failure's code (`ECONNREFUSED`, `57P01`, else
 *   `_OTHER`), and `animal_store.retry_after_seconds`;
 * - `animal_store.rate_limited` (a 429): `animal_store.rate_limit`, `api_key` or `failed_authentication`, and
 *   `animal_store.retry_after_seconds`;
 * - `animal_store.idempotent_replay` (createPet answered from its Idempotency-Key): no attribute.
 */
function addRequestEvent(span: Span, event: RequestEvent): void {
  const name = `animal_store.${event.kind}`;
  switch (event.kind) {
    case 'database_unavailable':
      span.addEvent(name, {
        'error.type': event.errorType,
        'animal_store.retry_after_seconds': event.retryAfterSeconds,
      });
      return;
    case 'rate_limited':
      span.addEvent(name, {
        'animal_store.rate_limit': event.limit,
        'animal_store.retry_after_seconds': event.retryAfterSeconds,
      });
      return;
    case 'idempotent_replay':
      span.addEvent(name);
  }
}

/**
 * Where a request's span begins. A `TRUST_PROXY` proxy's `traceparent` is continued, as its `X-Request-Id` is taken.
 * Anyone else's starts a new trace, sampled by the store's own sampler, with the caller's span as a link (so the
 * trace can still be followed from the caller's): otherwise any caller could choose the trace id the log line
 * carries, switch tracing off for its requests with flags `-00`, or have its `tracestate` copied into every span.
 * The link keeps the caller's ids and flags only, not its `tracestate`.
 */
function traceStart(caller: Context, fromTrustedPeer: () => boolean): { parent: Context; links?: Link[] } {
  const callerSpan = trace.getSpanContext(caller);
  if (callerSpan === undefined) return { parent: ROOT_CONTEXT };
  if (fromTrustedPeer()) return { parent: caller };
  const { traceId, spanId, traceFlags } = callerSpan;
  return { parent: ROOT_CONTEXT, links: [{ context: { traceId, spanId, traceFlags, isRemote: true } }] };
}

/**
 * One server span per request, named by its route template once a route has answered (`GET /v1/pets/{petId}`),
 * by its method alone otherwise: never by the raw path, whose ids would make every name unique. It begins where
 * `traceStart` says. It carries the request id and the API key's id (never the key), and nothing of the headers,
 * the query or the body; the waits the steps tell of are its events.
 */
export function requestTracer(
  tracer: Tracer,
): Pick<Tracing, 'idsOf'> & { step: (trustedPeer: TrustedPeer) => RequestHandler } {
  const propagator = new W3CTraceContextPropagator();
  const spans = new WeakMap<Response, Span>();

  const step =
    (trustedPeer: TrustedPeer): RequestHandler =>
    (req, res, next) => {
      const caller = propagator.extract(ROOT_CONTEXT, req.headers, defaultTextMapGetter);
      const { parent, links } = traceStart(caller, () => trustedPeer(req));
      const span = tracer.startSpan(
        req.method,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method }, links },
        parent,
      );
      spans.set(res, span);
      listenToRequestEvents(res, (event) => addRequestEvent(span, event));
      const active = trace.setSpan(parent, span);
      res.once('close', () => {
        const route = routeTemplate(req);
        const { requestId, client } = requestContext(res);
        if (route !== undefined) {
          span.updateName(`${req.method} ${route}`);
          span.setAttribute('http.route', route);
        }
        span.setAttribute('http.response.status_code', res.statusCode);
        span.setAttribute('animal_store.request_id', requestId);
        if (client !== undefined) span.setAttribute('animal_store.api_key.id', client.keyId);
        if (!res.writableFinished) span.addEvent('response cut off');
        // Semantic conventions: a server span fails on a 5xx only; a 4xx is the client's mistake, answered well.
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      context.with(active, next);
    };

  const idsOf = (res: Response): TraceIds | undefined => {
    const span = spans.get(res);
    if (span === undefined) return undefined;
    const { traceId, spanId } = span.spanContext();
    return { trace_id: traceId, span_id: spanId };
  };

  return { step, idsOf };
}

/** `SELECT "pets"`: the statement's verb and first table, a low-cardinality name as the conventions ask. */
function querySpanName(sql: string): string {
  const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY';
  const table = /\b(?:from|into|update)\s+("?[\w.]+"?)/i.exec(sql)?.[1];
  return table === undefined ? verb : `${verb} ${table.replaceAll('"', '')}`;
}

/** `run` as a client span beneath the request's, ended however it ends; outside any request, `run` alone. */
function childSpan<T>(
  tracer: Tracer,
  name: string,
  attributes: Record<string, string>,
  run: () => Promise<T>,
): Promise<T> {
  const parent = context.active();
  if (trace.getSpan(parent) === undefined) return run();
  const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, parent);
  return run().then(
    (result) => {
      span.end();
      return result;
    },
    (error: unknown) => {
      const code = (error as { code?: unknown }).code;
      span.setStatus({ code: SpanStatusCode.ERROR });
      if (typeof code === 'string') span.setAttribute('error.type', code);
      span.end();
      throw error;
    },
  );
}

/**
 * Each statement run within a traced request as a client span: the database system and the statement with its
 * placeholders, never the values. Statements outside any request (start-up, the idempotency sweep) are not traced.
 * A failure marks the span by its error code only: a database's message may quote the values.
 */
export function queryTracer(tracer: Tracer): QueryTracer {
  return (system, sql, run) =>
    childSpan(
      tracer,
      querySpanName(sql),
      { 'db.system': system, 'db.system.name': system, 'db.query.text': sql },
      run,
    );
}

/** Each Redis counter command within a traced request as a client span, named by the command alone. */
export function commandTracer(tracer: Tracer): CommandTracer {
  return (command, run) =>
    childSpan(
      tracer,
      command,
      { 'db.system': 'redis', 'db.system.name': 'redis', 'db.operation.name': command },
      run,
    );
}

/**
 * A request refused before the app as a short server span of its own, named by the Error code it was answered with
 * (`headers_too_large`, `bad_request`): its status, its method when it was read, and Node's error code
 * (`error.type`: `HPE_HEADER_OVERFLOW`, `ERR_HTTP_REQUEST_TIMEOUT`) when it was not. Never its path or headers,
 * which were not read or may be what was wrong. A root span: a request Node could not read has no `traceparent` to continue, and one it read
 * but the store does not serve (no Host, HTTP/2 as text, CONNECT) is treated alike.
 */
export function refusalTracer(tracer: Tracer): RefusalTracer {
  return ({ code, status }, { method, nodeError }) => {
    const attributes: Record<string, string | number> = { 'http.response.status_code': status };
    if (method !== undefined) attributes['http.request.method'] = method;
    if (nodeError !== undefined) attributes['error.type'] = nodeError;
    tracer.startSpan(code, { kind: SpanKind.SERVER, attributes }, ROOT_CONTEXT).end();
  };
}
