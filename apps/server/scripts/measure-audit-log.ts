// Measures the audit log on this machine, once, on the database DATABASE_URL names (a new SQLite file, or an empty
// PostgreSQL database or schema):
//   1. a key operation (create, then revoke) with its event and without, the median of each (interleaved);
//   2. listAuditEvents' read by keyId (the repository's query, 20 a page) over EVENTS events (1,000,000 unless
//      given): p50 and p99 of 1,000 reads of random keys;
//   3. `data check`'s chain verification over the same events.
// Usage: DATABASE_URL=file:/tmp/audit.db node --import tsx scripts/measure-audit-log.ts [EVENTS]
import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import { loadConfig } from '../src/config/config.js';
import { checkAuditChain } from '../src/data-commands/audit-chain-check.js';
import type { DatabaseSchema } from '../src/database/schema.js';
import { ApiKeyRepository } from '../src/store/api-key-repository.js';
import { auditHashOf } from '../src/store/audit-chain.js';
import { AuditLog } from '../src/store/audit-log.js';
import { openRepositories } from '../src/store/repositories.js';
import { databaseTuning } from '../src/tuning/index.js';

const events = Number(process.argv[2] ?? 1_000_000);
const config = loadConfig(process.env);
// With the tuning the server runs with (prepared statements cached or named), as prepare-store.ts opens it.
const store = await openRepositories(config.database, {
  tuning: databaseTuning({ namedPostgresStatements: true }),
});
const { db, dialect } = store.database;

/** The key operations as they were before the audit log: the same transaction, no event. */
class NoAudit extends AuditLog {
  override change<T>(_: unknown, change: (transaction: Kysely<DatabaseSchema>) => Promise<T>): Promise<T> {
    return db.transaction().execute(change);
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] as number;
const say = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(2)} ms`;

const audited = store.apiKeys;
const unaudited = new ApiKeyRepository(db, dialect, new NoAudit(db));
const withEvent: number[] = [];
const withoutEvent: number[] = [];
for (let index = 0; index < 300; index++) {
  for (const [keys, times] of index % 2 === 0
    ? ([
        [audited, withEvent],
        [unaudited, withoutEvent],
      ] as const)
    : ([
        [unaudited, withoutEvent],
        [audited, withEvent],
      ] as const)) {
    const started = performance.now();
    const key = await keys.create(`measure ${index}`, { scopes: ['pets:read'] });
    await keys.revoke(key.id);
    times.push((performance.now() - started) / 2);
  }
}
say(
  `key operation (${dialect}): ${ms(median(withEvent))} with its event, ${ms(median(withoutEvent))} without: ` +
    `${(median(withEvent) / median(withoutEvent)).toFixed(2)}x`,
);

// Seeded as the store writes them, chained, a batch a transaction; spread over 10,000 keys and 50 actors.
const head = await db.selectFrom('audit_chain').selectAll().executeTakeFirstOrThrow();
let previousHash = head.last_hash;
let id = Number(head.last_event_id);
const seedStarted = performance.now();
const start = Date.parse('2026-01-01T00:00:00.000Z');
for (let seeded = 0; seeded < events; ) {
  const rows = [];
  for (let inBatch = 0; inBatch < 1000 && seeded < events; inBatch++, seeded++) {
    id++;
    const unhashed = {
      id,
      at: new Date(start + id * 1000).toISOString(),
      action: 'api_key.created' as const,
      outcome: 'done' as const,
      code: null,
      actor: { type: 'key' as const, keyId: String(1 + (id % 50)), name: 'measure' },
      keyId: 1 + (id % 10_000),
      successorId: null,
      requestId: null,
      clientAddress: '127.0.0.1',
      userAgent: 'measure',
      previousHash,
    };
    previousHash = auditHashOf(unhashed);
    rows.push({
      id,
      at: unhashed.at,
      action: unhashed.action,
      outcome: unhashed.outcome,
      code: null,
      actor_type: 'key',
      actor_key_id: unhashed.actor.keyId,
      actor_name: 'measure',
      key_id: unhashed.keyId,
      successor_id: null,
      request_id: null,
      client_address: '127.0.0.1',
      user_agent: 'measure',
      previous_hash: unhashed.previousHash,
      hash: previousHash,
    });
  }
  await db.transaction().execute(async (transaction) => {
    await transaction.insertInto('audit_events').values(rows).execute();
    await transaction
      .updateTable('audit_chain')
      .set({ last_event_id: id, last_hash: previousHash })
      .where('id', '=', 1)
      .execute();
  });
}
say(`seeded ${events} events in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
// The planner's statistics, as autovacuum would gather them on a store that grew over time.
if (dialect === 'postgres') await sql`analyze audit_events`.execute(db);

const reads: number[] = [];
for (let index = 0; index < 1000; index++) {
  const keyId = String(1 + Math.floor(Math.random() * 10_000));
  const started = performance.now();
  await store.auditLog.list({ limit: 20, keyId });
  reads.push(performance.now() - started);
}
say(
  `list by keyId over ${events} events: p50 ${ms(percentile(reads, 0.5))}, p99 ${ms(percentile(reads, 0.99))}`,
);

const checkStarted = performance.now();
const checked = await checkAuditChain(db);
say(
  `chain check over ${events + 600} events: ${((performance.now() - checkStarted) / 1000).toFixed(1)} s, ${checked.problem ?? 'verifies'}`,
);
await store.database.close();
