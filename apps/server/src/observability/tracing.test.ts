import { randomBytes, randomUUID } from 'node:crypto';
import { MAX_HEADER_BYTES } from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresTestDatabase,
  sqliteTestDatabase,
  type TestDatabaseKind,
  testDatabaseKinds,
} from '../test-support/databases.js';
import type { ReceivedSpan } from '../test-support/otlp-receiver.js';
import { exchangeRaw } from '../test-support/raw-http.js';
import { TcpProxy } from '../test-support/tcp-proxy.js';
import {
  CLIENT,
  callerSpan,
  childrenOf,
  SERVER,
  serverSpanOf,
  startTracedStore,
  type TracedStore,
} from '../test-support/traced-store.js';

// The store's place in a caller's trace, whose context it takes only from a trusted proxy: trace-boundary.test.ts.

describe.each(testDatabaseKinds)('traces exported over OTLP/HTTP, on $name', (kind) => {
  let store: TracedStore;
  beforeAll(async () => {
    store = await startTracedStore(kind);
  });
  afterAll(async () => store?.stop());

  it('gives each request one span, its database work beneath, and no secret', async () => {
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

    const spanOf = (caller: { traceId: string; spanId: string }) =>
      serverSpanOf(store.receiver.spans(), caller);
    await expect.poll(() => spanOf(creating) && spanOf(reading)).toBeDefined();
    const post = spanOf(creating) as ReceivedSpan;
    const get = spanOf(reading) as ReceivedSpan;

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
    expect(get.events).toStrictEqual([]);
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

  it('marks a createPet answered from its Idempotency-Key with an event, exporting neither key nor body', async () => {
    const idempotencyKey = `replay-${randomUUID()}`;
    const name = `Replayed${randomBytes(6).toString('hex')}`;
    const create = (caller: { traceparent: string }) =>
      store.send(
        '/v1/pets',
        { traceparent: caller.traceparent, 'idempotency-key': idempotencyKey },
        { method: 'POST', body: JSON.stringify({ name, categoryId: 1 }) },
      );
    const first = callerSpan();
    const again = callerSpan();
    expect((await create(first)).status).toBe(201);
    const replayed = await create(again);
    expect([replayed.status, replayed.headers.get('idempotent-replayed')]).toStrictEqual([201, 'true']);

    const eventsOf = (caller: { traceId: string; spanId: string }) =>
      serverSpanOf(store.receiver.spans(), caller)?.events;
    await expect.poll(() => eventsOf(first) && eventsOf(again)).toBeDefined();
    expect(eventsOf(first)).toStrictEqual([]);
    expect(eventsOf(again)).toStrictEqual([{ name: 'animal_store.idempotent_replay', attributes: {} }]);
    const sent = store.receiver.payloads.join('\n');
    expect(sent).not.toContain(idempotencyKey);
    expect(sent).not.toContain(name);
  });

  it("joins each request's log line to its trace", async () => {
    const caller = callerSpan();
    const response = await store.send('/v1/pets', { traceparent: caller.traceparent });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id') as string;
    await expect.poll(() => store.logLineOf(requestId)).toBeDefined();
    const logged = store.logLineOf(requestId) as { trace_id?: string; span_id?: string };
    await expect.poll(() => serverSpanOf(store.receiver.spans(), caller)).toBeDefined();
    const span = serverSpanOf(store.receiver.spans(), caller) as ReceivedSpan;
    expect({ trace_id: logged.trace_id, span_id: logged.span_id }).toStrictEqual({
      trace_id: span.traceId,
      span_id: span.spanId,
    });
  });
});

describe('waits and refusals on the spans', () => {
  let store: TracedStore;
  beforeAll(async () => {
    store = await startTracedStore(sqliteTestDatabase, {
      RATE_LIMIT_PER_MINUTE: '2',
      AUTH_FAILURES_PER_MINUTE: '1',
    });
  });
  afterAll(async () => store?.stop());

  it("tells a rate-limit refusal as an event of the refused request's span, by the limit that refused it", async () => {
    const send = async (headers: Record<string, string>) => {
      const caller = callerSpan();
      const response = await store.send('/v1/pets', { traceparent: caller.traceparent, ...headers });
      await response.arrayBuffer();
      return { caller, status: response.status, retryAfter: response.headers.get('retry-after') };
    };
    // The key's limit of 2 a minute, then a wrong key: a 401, after which the address is refused at once.
    const wrong = { authorization: 'Bearer not-a-key-1234' };
    await send({});
    const second = await send({});
    const overTheKeysLimit = await send({});
    const wrongKey = await send(wrong);
    const blockedAddress = await send(wrong);
    const answers = [second, overTheKeysLimit, wrongKey, blockedAddress];
    expect(answers.map(({ status }) => status)).toStrictEqual([200, 429, 401, 429]);

    const eventsOf = ({ caller }: { caller: { traceId: string; spanId: string } }) =>
      serverSpanOf(store.receiver.spans(), caller)?.events;
    await expect.poll(() => answers.every((answer) => eventsOf(answer) !== undefined)).toBe(true);
    const refused = (limit: string, { retryAfter }: { retryAfter: string | null }) => [
      {
        name: 'animal_store.rate_limited',
        attributes: {
          'animal_store.rate_limit': limit,
          'animal_store.retry_after_seconds': Number(retryAfter),
        },
      },
    ];
    expect(eventsOf(second)).toStrictEqual([]);
    expect(eventsOf(overTheKeysLimit)).toStrictEqual(refused('api_key', overTheKeysLimit));
    expect(eventsOf(wrongKey)).toStrictEqual([]);
    expect(eventsOf(blockedAddress)).toStrictEqual(refused('failed_authentication', blockedAddress));
  });

  it('gives a request Node refuses before the app a short span of its own, named by the refusal, without its path', async () => {
    const path = `/v1/pets/p${randomBytes(6).toString('hex')}`;
    const port = Number(new URL(store.origin).port);
    const malformed = await exchangeRaw(port, `GET ${path} HTTP/1.1\r\nHost: x\r\nnot a header\r\n\r\n`);
    const withoutHost = await exchangeRaw(port, `GET ${path} HTTP/1.1\r\n\r\n`);
    const oversized = await fetch(`${store.origin}${path}`, {
      headers: { 'x-padding': 'p'.repeat(MAX_HEADER_BYTES + 1) },
    });
    expect([malformed[0]?.status, withoutHost[0]?.status, oversized.status]).toStrictEqual([400, 400, 431]);

    // The store's other server spans carry a request id; these have none, there being no request to give one.
    const refusals = () =>
      store.receiver
        .spans()
        .filter((span) => span.kind === SERVER && span.attributes['animal_store.request_id'] === undefined)
        .map(({ name, kind, parentSpanId, attributes }) => ({ name, kind, parentSpanId, attributes }))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    await expect.poll(() => refusals().length).toBe(3);
    expect(refusals()).toStrictEqual([
      {
        name: 'bad_request',
        kind: SERVER,
        parentSpanId: undefined,
        attributes: { 'http.response.status_code': 400, 'error.type': 'HPE_INVALID_HEADER_TOKEN' },
      },
      {
        name: 'bad_request',
        kind: SERVER,
        parentSpanId: undefined,
        attributes: { 'http.response.status_code': 400, 'http.request.method': 'GET' },
      },
      {
        name: 'headers_too_large',
        kind: SERVER,
        parentSpanId: undefined,
        attributes: { 'http.response.status_code': 431, 'error.type': 'HPE_HEADER_OVERFLOW' },
      },
    ]);
    expect(store.receiver.payloads.join('\n')).not.toContain(path);
  });
});

describe.skipIf(postgresTestDatabase === undefined)('tracing a lost database', () => {
  it("tells the 503 as an event with the failure's code, on the API request and on readiness", async () => {
    const target = new URL(process.env.TEST_DATABASE_URL as string);
    const proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    const store = await startTracedStore(postgresTestDatabase as TestDatabaseKind, {}, (url) =>
      proxy.urlThrough(url),
    );
    try {
      expect((await store.send('/v1/pets', {})).status).toBe(200);
      await proxy.down();
      const caller = callerSpan();
      const lost = await store.send('/v1/pets', { traceparent: caller.traceparent });
      expect([lost.status, lost.headers.get('retry-after')]).toStrictEqual([503, '5']);
      const readiness = callerSpan();
      const ready = await fetch(`${store.origin}/readyz`, {
        headers: { traceparent: readiness.traceparent },
      });
      expect(ready.status).toBe(503);

      const unavailable = {
        name: 'animal_store.database_unavailable',
        attributes: {
          'error.type': expect.stringMatching(/^[A-Z0-9_]+$/),
          'animal_store.retry_after_seconds': 5,
        },
      };
      const eventsOf = (of: { traceId: string; spanId: string }) =>
        serverSpanOf(store.receiver.spans(), of)?.events;
      await expect.poll(() => eventsOf(caller) && eventsOf(readiness)).toBeDefined();
      expect(eventsOf(caller)).toStrictEqual([unavailable]);
      expect(eventsOf(readiness)).toStrictEqual([unavailable]);
    } finally {
      await store.stop();
      await proxy.down();
    }
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
        const request = serverSpanOf(spans, caller);
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
        callers.filter((caller) => serverSpanOf(store.receiver.spans(), caller) !== undefined).length;
      await expect.poll(exported).toBe(20);
      // Connections go to the workers in turn: both served, and each sent its own spans.
      const processes = new Set(store.receiver.spans().map((span) => span.resource['process.pid']));
      expect(processes.size).toBe(2);
    } finally {
      await store.stop();
    }
  });
});
