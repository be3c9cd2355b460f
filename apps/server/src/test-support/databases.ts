import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  type DatabaseConfig,
  DEFAULT_DATABASE_QUERY_TIMEOUT_MS,
  DEFAULT_POSTGRES_POOL_SIZE,
} from '../config.js';
import { databasesThroughPgBouncer } from './pgbouncer.js';

/** A fresh, empty database for one test file or test; `drop` removes every trace of it. */
export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

export interface TestDatabaseKind {
  name: 'sqlite' | 'postgres';
  create(): Promise<TestDatabase>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

if (process.env.CI && !postgresUrl) {
  throw new Error('CI must test PostgreSQL too: set TEST_DATABASE_URL (.ci/run does).');
}

export const sqliteTestDatabase: TestDatabaseKind = {
  name: 'sqlite',
  async create() {
    const directory = mkdtempSync(join(tmpdir(), 'animal-store-test-'));
    return {
      config: { kind: 'sqlite', path: join(directory, 'store.db') },
      drop: async () => rmSync(directory, { recursive: true, force: true }),
    };
  },
};

/** Each PostgreSQL test database is a schema of its own, so concurrent runs never see each other's rows. */
function postgres(url: string): TestDatabaseKind {
  return {
    name: 'postgres',
    async create() {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`create schema ${schema}`);
      } finally {
        await admin.end();
      }
      const scoped = new URL(url);
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      return {
        config: {
          kind: 'postgres',
          url: scoped.toString(),
          poolSize: DEFAULT_POSTGRES_POOL_SIZE,
          queryTimeoutMs: DEFAULT_DATABASE_QUERY_TIMEOUT_MS,
        },
        async drop() {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          await client.query(`drop schema ${schema} cascade`);
          await client.end();
        },
      };
    },
  };
}

/** Set by pgbouncer.test.ts, which runs the PostgreSQL half of the suites again through a PgBouncer it started. */
const pgBouncerOrigin = process.env.TEST_PGBOUNCER_ORIGIN;

/** SQLite always; PostgreSQL whenever TEST_DATABASE_URL names one (CI always does). */
export const testDatabaseKinds: TestDatabaseKind[] =
  postgresUrl && pgBouncerOrigin
    ? [databasesThroughPgBouncer(postgresUrl, pgBouncerOrigin)]
    : postgresUrl
      ? [sqliteTestDatabase, postgres(postgresUrl)]
      : [sqliteTestDatabase];

/** PostgreSQL where TEST_DATABASE_URL names one: the database of tests that run several workers. */
export const postgresTestDatabase: TestDatabaseKind | undefined = postgresUrl
  ? postgres(postgresUrl)
  : undefined;

/** The DATABASE_URL that starts a server process on `config`. */
export function databaseUrlOf(config: DatabaseConfig): string {
  return config.kind === 'postgres' ? config.url : `file:${config.path}`;
}
