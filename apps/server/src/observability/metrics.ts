import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { counterCountedAtScrape } from './counter-counted-at-scrape.js';

/** The contract's operations; everything else (pages, health, docs, unknown paths) counts as `other`. */
export const OPERATIONS = ['listPets', 'createPet', 'getPet', 'other'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** From 1 ms to 5 s: reads take a few ms, a request queued behind a busy pool may take seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Sizes of the creates' group commits: 1 is a lone create, the rest were committed together. */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256];

const MISNAMED_DEFAULT_METRICS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

export interface PoolUsage {
  inUse: number;
  waiting: number;
}

/**
 * Every metric the store exports, in a registry of its own (process metrics included), so that each app a test
 * builds counts from zero. Names follow Prometheus conventions: `_total` counters, base units (seconds).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters fail promtool's lint; each is the sum of its labelled `nodejs_active_*` sibling.
  for (const name of MISNAMED_DEFAULT_METRICS) registry.removeSingleMetric(name);
  const registers = [registry];
  let poolUsage: (() => PoolUsage | undefined) | undefined;
  let droppedLogLines: (() => number) | undefined;

  const metrics = {
    registry,
    requests: counterCountedAtScrape({
      name: 'animal_store_http_requests_total',
      help: 'HTTP requests answered, by operation and status code.',
      labelNames: ['operation', 'status'],
      registers,
    }),
    duration: new Histogram({
      name: 'animal_store_http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its response, by operation.',
      labelNames: ['operation'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    /**
     * Requests received and not yet answered: a plain number, read into its gauge at each scrape. prom-client
     * hashes and checks the labels of every `inc` and `dec`, twice a request for a value only a scrape reads.
     */
    inFlight: { count: 0 },
    rejections: counterCountedAtScrape({
      name: 'animal_store_rejections_total',
      help: 'Requests refused before reaching an operation: rate_limit (429) or auth_failure (401).',
      labelNames: ['reason'],
      registers,
    }),
    auditEvents: new Counter({
      name: 'animal_store_audit_events_total',
      help: 'Audit events this process recorded, by action and outcome (done, refused).',
      labelNames: ['action', 'outcome'] as const,
      registers,
    }),
    idempotentReplays: new Counter({
      name: 'animal_store_idempotent_replays_total',
      help: 'createPet requests answered with the stored response of an earlier request with the same Idempotency-Key.',
      registers,
    }),
    deprecatedCalls: counterCountedAtScrape({
      name: 'animal_store_deprecated_calls_total',
      help: 'Calls of deprecated operations, by operation and API key id (never the key itself).',
      labelNames: ['operation', 'api_key_id'],
      registers,
    }),
    commitBatchSize: new Histogram({
      name: 'animal_store_commit_batch_size',
      help: 'Creates committed together in one transaction (group commit, SQLite and PostgreSQL).',
      buckets: BATCH_BUCKETS,
      registers,
    }),
    /** Reports the PostgreSQL pool's usage at every scrape; SQLite has no pool. */
    watchPool(usage: () => PoolUsage | undefined) {
      poolUsage = usage;
    },
    /** Reports the log lines dropped since the process started at every scrape, those before the metrics included. */
    watchDroppedLogLines(total: () => number) {
      droppedLogLines = total;
    },
  };
  let droppedLogLinesCounted = 0;
  new Counter({
    name: 'animal_store_log_lines_dropped_total',
    help: "Log lines dropped because the log's file refused them: a pipe not read (beyond 16 MiB waiting), a full disk.",
    registers,
    collect() {
      const total = droppedLogLines?.() ?? droppedLogLinesCounted;
      this.inc(total - droppedLogLinesCounted);
      droppedLogLinesCounted = total;
    },
  });
  /** A gauge whose value is read when Prometheus scrapes; left as it was when `read` has nothing to say. */
  const gaugeReadAtScrape = (name: string, help: string, read: () => number | undefined) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const value = read();
        if (value !== undefined) this.set(value);
      },
    });
  gaugeReadAtScrape(
    'animal_store_http_requests_in_flight',
    'Requests received and not yet answered.',
    () => metrics.inFlight.count,
  );
  gaugeReadAtScrape(
    'animal_store_db_pool_connections_in_use',
    'PostgreSQL connections of the pool checked out by a query or transaction.',
    () => poolUsage?.()?.inUse,
  );
  gaugeReadAtScrape(
    'animal_store_db_pool_waiting',
    'Queries waiting for a PostgreSQL connection of the pool.',
    () => poolUsage?.()?.waiting,
  );
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;
