import { PetSchema } from '@animal-store/contract';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresConfig } from '../config/config.js';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { anError, see } from '../test-support/http-assertions.js';
import { runServerScript, type ServerProcess } from '../test-support/server-process.js';
import { TcpProxy } from '../test-support/tcp-proxy.js';

// Needs PostgreSQL (TEST_DATABASE_URL; CI sets it). Only this test's own connections are cut: they carry an
// application_name of their own, and the rest go through a proxy this test controls.
const postgres = testDatabaseKinds.find((kind) => kind.name === 'postgres');
const API_KEY = 'pg-faults-test-key-0123456789';
const QUERY_TIMEOUT_MS = 1500;
const headers = { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' };

type Outcome = { status: number; retryAfter: string | null; body: unknown };

/** 16 clients creating animals with Idempotency-Keys (`prefix`…) until `stop`; every answer is kept. */
function createInParallel(origin: string, prefix: string) {
  const outcomes: Outcome[] = [];
  const acknowledged: unknown[] = [];
  let stopped = false;
  const client = async (id: number) => {
    for (let index = 0; !stopped; index++) {
      const response = await fetch(`${origin}/v1/pets`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `${prefix}-${id}-${index}` },
        body: JSON.stringify({ name: `${prefix}-${id}-${index}`, categoryId: 1 }),
      });
      const body = await response.json();
      outcomes.push({ status: response.status, retryAfter: response.headers.get('retry-after'), body });
      if (response.status === 201) acknowledged.push(PetSchema.parse(body));
    }
  };
  const clients = Promise.all(Array.from({ length: 16 }, (_, id) => client(id)));
  return {
    outcomes,
    acknowledged,
    stop: () => {
      stopped = true;
      return clients;
    },
  };
}

/** Each answer is a 201, or a 503 that says when to retry. */
function expectOnlyCreatedOrRetryLater(outcomes: Outcome[]): void {
  for (const outcome of outcomes) {
    if (outcome.status === 201) continue;
    expect(outcome).toStrictEqual({
      status: 503,
      retryAfter: '5',
      body: { code: 'service_unavailable', message: expect.any(String), status: 503 },
    });
  }
}

async function listAll(origin: string): Promise<unknown[]> {
  const pets: unknown[] = [];
  let url: string | undefined = `${origin}/v1/pets?limit=100`;
  while (url) {
    const response: Response = await fetch(url, { headers });
    pets.push(...((await response.json()) as unknown[]));
    const next = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1];
    url = next && new URL(next, url).toString();
  }
  return pets;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(postgres)('PostgreSQL connections lost or silent while requests run', () => {
  let database: TestDatabase;
  let config: PostgresConfig;
  let proxy: TcpProxy;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await (postgres as NonNullable<typeof postgres>).create();
    config = database.config as PostgresConfig;
    const url = new URL(config.url);
    proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
  });

  afterEach(() => {
    server?.child.kill('SIGKILL');
    server = undefined;
  });

  afterAll(async () => {
    await proxy.down();
    await database.drop();
  });

  /** Starts the store on this test's database, named `applicationName`, directly or through the proxy. */
  async function start(applicationName: string, via: 'direct' | 'proxy'): Promise<string> {
    const url = new URL(config.url);
    url.searchParams.set('application_name', applicationName);
    if (via === 'proxy') {
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
    }
    server = runServerScript('src/main.ts', {
      DATABASE_URL: url.toString(),
      API_KEYS: API_KEY,
      DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
      // The faults, not the per-key budget, decide every answer: a slow machine polls long enough to spend 600.
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    return server.listening;
  }

  /** After the fault: the same process serves again by itself, and every acknowledged animal is stored. */
  async function expectRecovered(origin: string, acknowledged: unknown[]): Promise<void> {
    await expect
      .poll(async () => (await fetch(`${origin}/readyz`)).status, { timeout: 10_000, interval: 200 })
      .toBe(200);
    const after = await fetch(`${origin}/v1/pets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'after', categoryId: 1 }),
    });
    expect(after.status).toBe(201);
    const stored = await listAll(origin);
    for (const pet of acknowledged) expect(stored).toContainEqual(pet);
    expect(server?.child.exitCode).toBeNull();
  }

  it('answers 503 + Retry-After and carries on when its connections are terminated mid-request', async () => {
    const applicationName = `animal_store_terminated_${process.pid}`;
    const origin = await start(applicationName, 'direct');
    const admin = new pg.Client({ connectionString: config.url });
    await admin.connect();
    const load = createInParallel(origin, 'terminated');
    try {
      for (let round = 0; round < 6; round++) {
        await pause(300);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
          [applicationName],
        );
      }
      await pause(500);
    } finally {
      await load.stop();
      await admin.end();
    }
    expect(load.outcomes.some((outcome) => outcome.status === 503)).toBe(true);
    expectOnlyCreatedOrRetryLater(load.outcomes);
    await expectRecovered(origin, load.acknowledged);
  });

  it('answers 503 + Retry-After and carries on when its connections are reset', async () => {
    const origin = await start('animal_store_reset', 'proxy');
    const load = createInParallel(origin, 'reset');
    try {
      for (let round = 0; round < 6; round++) {
        await pause(300);
        proxy.reset();
      }
      await pause(500);
    } finally {
      await load.stop();
    }
    expect(load.outcomes.some((outcome) => outcome.status === 503)).toBe(true);
    expectOnlyCreatedOrRetryLater(load.outcomes);
    await expectRecovered(origin, load.acknowledged);
  });

  it('answers 503 within the query timeout during a partition, and recovers when it heals', async () => {
    const origin = await start('animal_store_partition', 'proxy');
    const load = createInParallel(origin, 'partition');
    await pause(500);
    proxy.partition();
    try {
      // Each wait on the database (a connection, a query) is bounded; a request waits for one, or two at most.
      const bound = 2 * QUERY_TIMEOUT_MS + 1000;
      for (const request of [
        () => fetch(`${origin}/v1/pets`, { headers }),
        () => fetch(`${origin}/v1/pets`, { method: 'POST', headers, body: '{"name":"p","categoryId":1}' }),
      ]) {
        const started = Date.now();
        const response = await request();
        expect(Date.now() - started).toBeLessThan(bound);
        expect(await see(response)).toStrictEqual(anError(503, 'service_unavailable'));
        expect(response.headers.get('retry-after')).toBe('5');
      }
      const started = Date.now();
      expect((await fetch(`${origin}/readyz`)).status).toBe(503);
      expect(Date.now() - started).toBeLessThan(bound);
      const liveness = Date.now();
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);
      expect(Date.now() - liveness).toBeLessThan(500);
    } finally {
      proxy.heal();
      await load.stop();
    }
    expectOnlyCreatedOrRetryLater(load.outcomes);
    await expectRecovered(origin, load.acknowledged);
  });
});
