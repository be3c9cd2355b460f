import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTestDatabase } from '../test-support/databases.js';
import type { ReceivedSpan } from '../test-support/otlp-receiver.js';
import {
  callerSpan,
  SERVER,
  serverSpanOf,
  startTracedStore,
  type TracedStore,
} from '../test-support/traced-store.js';

/** A vendor's `tracestate` entry whose value the store must not copy into its spans. */
const TRACESTATE = 'vendor=caller-chosen-7f3a';

/** Sends a list with the caller's trace context; answers with its span and its log line's trace ids. */
async function traced(store: TracedStore, caller: ReturnType<typeof callerSpan>) {
  const response = await store.send('/v1/pets', { traceparent: caller.traceparent, tracestate: TRACESTATE });
  expect(response.status).toBe(200);
  const requestId = response.headers.get('x-request-id') as string;
  await expect.poll(() => serverSpanOf(store.receiver.spans(), caller)).toBeDefined();
  await expect.poll(() => store.logLineOf(requestId)).toBeDefined();
  const logged = store.logLineOf(requestId) as { trace_id?: string; span_id?: string };
  return {
    span: serverSpanOf(store.receiver.spans(), caller) as ReceivedSpan,
    logged: { trace_id: logged.trace_id, span_id: logged.span_id },
  };
}

describe('trace context from a caller that is not a TRUST_PROXY proxy', () => {
  let store: TracedStore;
  beforeAll(async () => {
    store = await startTracedStore(sqliteTestDatabase);
  });
  afterAll(async () => store?.stop());

  it("starts a trace of the store's own, linked to the caller's span, and logs that trace's ids", async () => {
    const caller = callerSpan();
    const { span, logged } = await traced(store, caller);
    expect(span.traceId).not.toBe(caller.traceId);
    expect({ kind: span.kind, parentSpanId: span.parentSpanId, links: span.links }).toStrictEqual({
      kind: SERVER,
      parentSpanId: undefined,
      links: [{ traceId: caller.traceId, spanId: caller.spanId, traceState: undefined }],
    });
    expect(logged).toStrictEqual({ trace_id: span.traceId, span_id: span.spanId });
  });

  it("does not let the caller's flags switch tracing off", async () => {
    const unsampled = callerSpan('00');
    const { span, logged } = await traced(store, unsampled);
    expect(span.links.map((link) => link.spanId)).toStrictEqual([unsampled.spanId]);
    expect(logged.trace_id).toBe(span.traceId);
  });

  it("joins the getPet deprecation warning to the call's trace, as its request line is", async () => {
    const response = await store.send('/v1/pets/1', {});
    expect(response.status).toBe(404);
    const requestId = response.headers.get('x-request-id') as string;
    const warning = () =>
      store.server
        .output()
        .split('\n')
        .find((line) => line.includes('deprecated operation called'));
    await expect.poll(warning).toBeDefined();
    await expect.poll(() => store.logLineOf(requestId)).toBeDefined();
    const { trace_id, span_id } = JSON.parse(warning() as string) as Record<string, unknown>;
    const request = store.logLineOf(requestId) as Record<string, unknown>;
    expect({ trace_id, span_id }).toStrictEqual({ trace_id: request.trace_id, span_id: request.span_id });
    expect(trace_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it("copies the caller's tracestate into no span", async () => {
    await traced(store, callerSpan());
    expect(store.receiver.payloads.join('\n')).not.toContain('caller-chosen-7f3a');
  });
});

describe('trace context from a TRUST_PROXY proxy', () => {
  let store: TracedStore;
  beforeAll(async () => {
    store = await startTracedStore(sqliteTestDatabase, { TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => store?.stop());

  it("continues the proxy's trace: the span is its span's child, and the log line carries its trace id", async () => {
    const proxy = callerSpan();
    const { span, logged } = await traced(store, proxy);
    expect({ traceId: span.traceId, parentSpanId: span.parentSpanId, links: span.links }).toStrictEqual({
      traceId: proxy.traceId,
      parentSpanId: proxy.spanId,
      links: [],
    });
    expect(span.traceState).toBe(TRACESTATE);
    expect(logged).toStrictEqual({ trace_id: proxy.traceId, span_id: span.spanId });
  });
});
