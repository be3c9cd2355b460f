import { randomBytes, randomUUID } from 'node:crypto';
import { databaseUrlOf, type TestDatabase, type TestDatabaseKind } from './databases.js';
import { type ReceivedSpan, startOtlpReceiver } from './otlp-receiver.js';
import { runServerScript, type ServerProcess } from './server-process.js';

// OTLP's SpanKind numbers (the API's own start at 0 for internal).
export const SERVER = 2;
export const CLIENT = 3;

/** A caller's own span, as its `traceparent` names it (sampled unless `flags` says otherwise). */
export function callerSpan(flags = '01') {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-${flags}` };
}

/**
 * The store as a real process exporting its spans over OTLP/JSON to a real receiver, on a test database of `kind`.
 * `databaseUrlFor`: the URL the store is given for its test database (through a proxy, say).
 */
export async function startTracedStore(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  databaseUrlFor: (url: string) => string = (url) => url,
) {
  const receiver = await startOtlpReceiver();
  const database: TestDatabase = await kind.create();
  const apiKey = `tracing-${randomUUID()}`;
  const server: ServerProcess = runServerScript('src/main.ts', {
    DATABASE_URL: databaseUrlFor(databaseUrlOf(database.config)),
    API_KEYS: apiKey,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.origin,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'animal-store-under-test',
    OTEL_BSP_SCHEDULE_DELAY: '50',
    ...env,
  });
  const origin = await server.listening;
  const workers = Number(env.WORKERS ?? 1);
  // Every worker listens before traffic starts, so that each gets its share.
  while (server.output().split('Animal Store listening').length - 1 < workers) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const send = (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
    fetch(`${origin}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
    });
  const stop = async () => {
    await server.stop();
    await receiver.close();
    await database.drop();
  };
  /** The JSON log line of the request the store answered with `requestId`, once written. */
  const logLineOf = (requestId: string) => {
    const line = server
      .output()
      .split('\n')
      .find((candidate) => candidate.includes(`"id":"${requestId}"`) && candidate.includes('"req"'));
    return line === undefined ? undefined : (JSON.parse(line) as Record<string, unknown>);
  };
  return { receiver, server, origin, apiKey, send, logLineOf, stop };
}

export type TracedStore = Awaited<ReturnType<typeof startTracedStore>>;

export const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) =>
  spans.filter((span) => span.traceId === parent.traceId && span.parentSpanId === parent.spanId);

const links = (span: ReceivedSpan, caller: { traceId: string; spanId: string }) =>
  span.links.some((link) => link.traceId === caller.traceId && link.spanId === caller.spanId);

/**
 * The store's span for a request its caller sent with `traceparent`: the caller's span's child when the caller is
 * a trusted proxy, else the root of a trace of its own that links to the caller's span.
 */
export const serverSpanOf = (spans: ReceivedSpan[], caller: { traceId: string; spanId: string }) =>
  spans.find(
    (span) =>
      span.kind === SERVER &&
      ((span.traceId === caller.traceId && span.parentSpanId === caller.spanId) || links(span, caller)),
  );
