import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresConfig } from '../config/config.js';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { openDatabase } from './database.js';
import type { DatabaseSchema } from './schema.js';

const postgres = testDatabaseKinds.find((kind) => kind.name === 'postgres');

/** Runs `count` queries at once, each holding its connection for 50 ms; returns the server process of each. */
async function backendsOf(db: Kysely<DatabaseSchema>, count: number): Promise<number[]> {
  const query = sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`;
  const results = await Promise.all(Array.from({ length: count }, () => query.execute(db)));
  return results.map(({ rows }) => rows[0]?.pid ?? Number.NaN);
}

describe.runIf(postgres)('PostgreSQL connections of one process', () => {
  let database: TestDatabase;
  let config: PostgresConfig;

  beforeAll(async () => {
    database = await (postgres as NonNullable<typeof postgres>).create();
    config = database.config as PostgresConfig;
  });

  afterAll(() => database.drop());

  it.each([2, 5])(
    'never exceed a pool size of %i; queries beyond it wait for a free one',
    async (poolSize) => {
      const { db, close } = openDatabase({ ...config, poolSize });
      try {
        const backends = await backendsOf(db, 12);
        expect(backends.every(Number.isInteger)).toBe(true);
        expect(new Set(backends).size).toBe(poolSize);
      } finally {
        await close();
      }
    },
  );
});
