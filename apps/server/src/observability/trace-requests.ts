import {
  context,
  defaultTextMapGetter,
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
import { requestContext } from '../http/request-context.js';
import type { CommandTracer } from '../limits/redis-counter-store.js';
import type { TraceIds, Tracing } from './tracing-switch.js';

/** `/v1/pets/:petId` as OpenTelemetry writes a route template: `/v1/pets/{petId}`. */
function routeTemplate(req: Request): string | undefined {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? path.replace(/:(\w+)/g, '{$1}') : undefined;
}

/**
 * One server span per request, named by its route template once a route has answered (`GET /v1/pets/{petId}`),
 * by its method alone otherwise: never by the raw path, whose ids would make every name unique. A caller's
 * `traceparent` makes it a child of the caller's span. It carries the request id and the API key's id (never the
 * key), and nothing of the headers, the query or the body.
 */
export function requestTracer(tracer: Tracer): Pick<Tracing, 'idsOf'> & { step: RequestHandler } {
  const propagator = new W3CTraceContextPropagator();
  const spans = new WeakMap<Response, Span>();

  const step: RequestHandler = (req, res, next) => {
    const parent = propagator.extract(ROOT_CONTEXT, req.headers, defaultTextMapGetter);
    const span = tracer.startSpan(
      req.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } },
      parent,
    );
    spans.set(res, span);
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
