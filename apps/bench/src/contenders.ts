import { fileURLToPath } from 'node:url';
import { BENCH_API_KEY } from './fixtures/bench-key.js';
import type { DatabaseKind } from './fixtures/database-fixture.js';
import { jsonServerRoutes, type Routes, storeRoutes } from './load/routes.js';
import { jsonServerBinPath, storeMainPath } from './paths.js';

export type ContenderId =
  | 'store'
  | 'store-metrics'
  | 'store-tracing'
  | 'store-2-workers'
  | 'node-http'
  | 'express'
  | 'express-born'
  | 'fastify'
  | 'express-stock'
  | 'json-server';

/**
 * PostgreSQL connections of every contender's pool, given to each as `DATABASE_POOL_SIZE` so that the store and the
 * bare baselines always compare on the same pool. 10 is the store's default and node-postgres's.
 */
const POSTGRES_POOL_SIZE = '10';

/**
 * The rate limits of the store (per key, 600 a minute by default, and per address for failed authentications) and
 * of the peers (per key). They exist to stop exactly what a benchmark does with one key, so they are raised rather
 * than off: the limiters still run and their cost is measured; they never answer 429.
 */
const RAISED_LIMIT_PER_MINUTE = '1000000000';

/**
 * Sent on every request to every contender, so all of them receive the same bytes; the store and the peers (d) and
 * (e) check it.
 */
export const requestHeaders = { authorization: `Bearer ${BENCH_API_KEY}` };

export interface Contender {
  id: ContenderId;
  routes: Routes;
  /** True for the store itself: it creates its tables at start, and the other contenders reuse them. */
  migrates: boolean;
  /** Node arguments and environment for a start on `port` with `databaseUrl` (a db.json path for json-server). */
  launch(port: number, databaseUrl: string): { args: string[]; env: Record<string, string> };
  readyPath: string;
  /**
   * True for store-tracing: the harness starts an OTLP/HTTP sink for it (trace-sink/) and names it in
   * OTEL_EXPORTER_OTLP_ENDPOINT, which switches tracing on.
   */
  exportsTraces?: boolean;
}

/** A server of apps/bench/src/baselines/: a bare ceiling, or a peer with the store's features and limit. */
const baseline = (id: ContenderId, file: string, extraEnv: Record<string, string> = {}): Contender => ({
  id,
  routes: storeRoutes,
  migrates: false,
  launch: (port, databaseUrl) => ({
    args: [fileURLToPath(new URL(`./baselines/${file}`, import.meta.url))],
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: POSTGRES_POOL_SIZE,
      ...extraEnv,
    },
  }),
  readyPath: storeRoutes.list,
});

const peer = (id: ContenderId, file: string) =>
  baseline(id, file, { RATE_LIMIT_PER_MINUTE: RAISED_LIMIT_PER_MINUTE });

/**
 * The store as it ships: production mode with its default log level (info: one JSON line per request, written to a
 * file), security headers, authentication and contract validation all on.
 */
const store = (id: ContenderId, workers: number, extraEnv: Record<string, string> = {}): Contender => ({
  id,
  routes: storeRoutes,
  migrates: true,
  launch: (port, databaseUrl) => ({
    args: [storeMainPath],
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: POSTGRES_POOL_SIZE,
      API_KEYS: BENCH_API_KEY,
      WORKERS: String(workers),
      RATE_LIMIT_PER_MINUTE: RAISED_LIMIT_PER_MINUTE,
      AUTH_FAILURES_PER_MINUTE: RAISED_LIMIT_PER_MINUTE,
      ...extraEnv,
    },
  }),
  readyPath: storeRoutes.list,
});

/** json-server started as a user would (`json-server db.json`), with its default request log. */
const jsonServer: Contender = {
  id: 'json-server',
  routes: jsonServerRoutes,
  migrates: false,
  launch: (port, dbJsonPath) => ({
    args: [jsonServerBinPath, '--host', '127.0.0.1', '--port', String(port), dbJsonPath],
    env: { NODE_ENV: 'production' },
  }),
  readyPath: jsonServerRoutes.list,
};

/**
 * The store with one switch on: what the switch costs. `pnpm bench` runs them on SQLite only, where the store's own
 * work is the largest share of a request and a switch's cost shows most, so that the run stays within 10 minutes;
 * `investigate tracing` runs store-tracing on PostgreSQL too.
 */
export function switchedStores(): Contender[] {
  return [
    // Prometheus metrics on (a listener on a free port, never scraped): the cost of counting.
    store('store-metrics', 1, { METRICS_PORT: '0' }),
    // Every request traced, its spans sent over OTLP/HTTP (protobuf, the default) to the bench's sink: the cost of
    // tracing. always_on, so that a caller's unsampled traceparent would not spare a request.
    { ...store('store-tracing', 1, { OTEL_TRACES_SAMPLER: 'always_on' }), exportsTraces: true },
  ];
}

/** Who runs on which database, in order: on each database the store runs first, because it creates the tables. */
export function contendersFor(kind: DatabaseKind): Contender[] {
  if (kind === 'json-file') return [jsonServer];
  return [
    store('store', 1),
    ...(kind === 'sqlite' ? switchedStores() : []),
    ...(kind === 'postgres' ? [store('store-2-workers', 2)] : []),
    baseline('node-http', 'node-http-server.js'),
    baseline('express', 'express-server.js'),
    // (b′): Express on the store's HTTP server setting.
    baseline('express-born', 'express-born-server.js'),
    peer('fastify', 'fastify-server.js'),
    peer('express-stock', 'express-stock-server.js'),
  ];
}
