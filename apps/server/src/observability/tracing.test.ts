import { randomBytes, randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseUrlOf,
  postgresTestDatabase,
  sqliteTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
  testDatabaseKinds,
} from '../test-support/databases.js';
import { type ReceivedSpan, startOtlpReceiver } from '../test-support/otlp-receiver.js';
import { runServerScript, type ServerProcess } from '../test-support/server-process.js';

// OTLP's SpanKind numbers (the API's own start at 0 for internal).
const SERVER = 2;
const CLIENT = 3;

/** A caller's own span, as its `traceparent` names it. */
function callerSpan() {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
}

async function startTracedStore(kind: TestDatabaseKind, env: Record<string, string> = {}) {
  const receiver = await startOtlpReceiver();
  const database: TestDatabase = await kind.create();
  const apiKey = `tracing-${randomUUID()}`;
  const server: ServerProcess = runServerScript('src/main.ts', {
    DATABASE_URL: databaseUrlOf(database.config),
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
  /** A list on a connection of its own, which the cluster hands to either worker in turn. */
  const listOnNewConnection = (traceparent: string) =>
    new Promise<number | undefined>((resolve, reject) => {
      get(
        `${origin}/v1/pets`,
        { agent: false, headers: { authorization: `Bearer ${apiKey}`, traceparent } },
        (res) => res.resume().on('end', () => resolve(res.statusCode)),
      ).on('error', reject);
    });
  return { receiver, server, apiKey, send, listOnNewConnection, stop };
}

const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) =>
  spans.filter((span) => span.traceId === parent.traceId && span.parentSpanId === parent.spanId);

describe.each(testDatabaseKinds)('traces exported over OTLP/HTTP, on $name', (kind) => {
  let store: Awaited<ReturnType<typeof startTracedStore>>;
  beforeAll(async () => {
    store = await startTracedStore(kind);
  });
  afterAll(async () => store?.stop());

  it("continues a caller's trace with one span per request, its database work beneath, and no secret", async () => {
    const secretName = `Hidden${randomBytes(6).toString('hex')}`;
    const creating = callerSpan();
    const created = await store.send(
      '/v1/pets',
      { traceparent: creating.traceparent },
      { method: 'POST', body: JSON.stringify({ name: secretName, categoryId: 1 }) },
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const reading = callerSpan();
    const read = await store.send(`/v1/pets/${id}`, { traceparent: reading.traceparent });
    expect(read.status).toBe(200);
    const requestId = read.headers.get('x-request-id');

    const serverSpanOf = (caller: { traceId: string; spanId: string }) =>
      store.receiver
        .spans()
        .find((span) => span.traceId === caller.traceId && span.parentSpanId === caller.spanId);
    await expect.poll(() => serverSpanOf(creating) && serverSpanOf(reading)).toBeDefined();
    const post = serverSpanOf(creating) as ReceivedSpan;
    const get = serverSpanOf(reading) as ReceivedSpan;

    expect({ name: get.name, kind: get.kind, attributes: get.attributes }).toStrictEqual({
      name: 'GET /v1/pets/{petId}',
      kind: SERVER,
      attributes: {
        'http.request.method': 'GET',
        'http.route': '/v1/pets/{petId}',
        'http.response.status_code': 200,
        'animal_store.request_id': requestId,
        'animal_store.api_key.id': 'env-1',
      },
    });
    expect(get.resource['service.name']).toBe('animal-store-under-test');
    expect([post.name, post.attributes['http.response.status_code']]).toStrictEqual(['POST /v1/pets', 201]);

    // The database work is in the request's trace, beneath its span: the create's too, which runs after its body
    // was read in the request's own events (the body parser carries the context across them).
    const system = kind.name === 'sqlite' ? 'sqlite' : 'postgresql';
    await expect.poll(() => childrenOf(store.receiver.spans(), post).length).toBeGreaterThan(0);
    await expect.poll(() => childrenOf(store.receiver.spans(), get).length).toBeGreaterThan(0);
    const queries = [...childrenOf(store.receiver.spans(), post), ...childrenOf(store.receiver.spans(), get)];
    for (const query of queries) {
      expect(query.kind).toBe(CLIENT);
      expect(query.attributes['db.system']).toBe(system);
    }
    const select = childrenOf(store.receiver.spans(), get).find((span) => span.name.startsWith('SELECT'));
    expect(select?.attributes['db.query.text']).toMatch(kind.name === 'sqlite' ? /\?/ : /\$1/);

    // Neither the key nor a value of the body reaches the collector.
    const sent = store.receiver.payloads.join('\n');
    expect(sent).not.toContain(store.apiKey);
    expect(sent).not.toContain(secretName);
    expect(store.receiver.contentTypes.every((type) => type.startsWith('application/json'))).toBe(true);
  });

  it("joins each request's log line to its trace", async () => {
    const caller = callerSpan();
    const response = await store.send('/v1/pets', { traceparent: caller.traceparent });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id') as string;
    await expect
      .poll(() =>
        store.server
          .output()
          .split('\n')
          .find((line) => line.includes(requestId)),
      )
      .toBeDefined();
    const line = store.server
      .output()
      .split('\n')
      .find((candidate) => candidate.includes(requestId)) as string;
    const logged = JSON.parse(line) as { trace_id?: string; span_id?: string };
    expect(logged.trace_id).toBe(caller.traceId);
    await expect
      .poll(() => store.receiver.spans().find((span) => span.spanId === logged.span_id)?.traceId)
      .toBe(caller.traceId);
  });
});

describe('tracing the rate-limit counters in Redis', () => {
  it('shows each counter command beneath the request, by its name alone', async () => {
    const prefix = `tracing-${randomUUID()}:`;
    const store = await startTracedStore(sqliteTestDatabase, {
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: prefix,
    });
    try {
      const caller = callerSpan();
      expect((await store.send('/v1/pets', { traceparent: caller.traceparent })).status).toBe(200);
      const commands = () => {
        const spans = store.receiver.spans();
        const request = spans.find((span) => span.traceId === caller.traceId && span.kind === SERVER);
        return request === undefined
          ? []
          : childrenOf(spans, request).filter((span) => span.attributes['db.system'] === 'redis');
      };
      await expect.poll(() => commands().length).toBeGreaterThan(0);
      for (const command of commands()) {
        expect(command.name).toMatch(/^[A-Z]+$/);
        expect(command.attributes['db.operation.name']).toBe(command.name);
      }
      // The counters' keys (which name API keys and client addresses) stay out of the spans.
      expect(store.receiver.payloads.join('\n')).not.toContain(prefix);
    } finally {
      await store.stop();
    }
  });
});

describe('tracing across a stop', () => {
  it('SIGTERM sends the spans still waiting for their batch', async () => {
    // A batch delay longer than the test: only the shutdown's flush can send the span.
    const store = await startTracedStore(sqliteTestDatabase, { OTEL_BSP_SCHEDULE_DELAY: '600000' });
    try {
      const caller = callerSpan();
      expect((await store.send('/v1/pets', { traceparent: caller.traceparent })).status).toBe(200);
      await store.server.stop();
      const exported = store.receiver.spans().filter((span) => span.traceId === caller.traceId);
      expect(exported.find((span) => span.kind === SERVER)?.name).toBe('GET /v1/pets');
    } finally {
      await store.stop();
    }
  });

  it('an unreachable collector costs dropped spans and one log line, not one per batch', async () => {
    const receiver = await startOtlpReceiver();
    // A port that was just free: nothing listens there.
    await receiver.close();
    const store = await startTracedStore(sqliteTestDatabase, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.origin,
      OTEL_EXPORTER_OTLP_TIMEOUT: '1000',
    });
    try {
      expect((await store.send('/v1/pets', {})).status).toBe(200);
      const warnings = () =>
        store.server
          .output()
          .split('\n')
          .filter((line) => line.includes('cannot be sent'));
      await expect.poll(() => warnings().length).toBe(1);
      // More batches fail, each after the first warning: the last one at the stop's flush.
      for (let round = 0; round < 3; round++) expect((await store.send('/v1/pets', {})).status).toBe(200);
      await store.server.stop();
      expect(warnings()).toHaveLength(1);
    } finally {
      await store.stop();
    }
  });
});

describe.skipIf(postgresTestDatabase === undefined)('tracing with WORKERS=2 on PostgreSQL', () => {
  it('every worker exports its own spans', async () => {
    const store = await startTracedStore(postgresTestDatabase as TestDatabaseKind, { WORKERS: '2' });
    try {
      const callers = Array.from({ length: 20 }, () => callerSpan());
      const statuses = await Promise.all(
        callers.map(
          async (caller) => (await store.send('/v1/pets', { traceparent: caller.traceparent })).status,
        ),
      );
      expect(statuses).toStrictEqual(Array(20).fill(200));
      const exported = () =>
        callers.filter((caller) =>
          store.receiver.spans().some((span) => span.traceId === caller.traceId && span.kind === SERVER),
        ).length;
      await expect.poll(exported).toBe(20);
      // Connections go to the workers in turn: both served, and each sent its own spans.
      const processes = new Set(store.receiver.spans().map((span) => span.resource['process.pid']));
      expect(processes.size).toBe(2);
    } finally {
      await store.stop();
    }
  });
});
