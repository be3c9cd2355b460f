import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  type DatabaseConfig,
  DEFAULT_DATABASE_QUERY_TIMEOUT_MS,
  DEFAULT_POSTGRES_POOL_SIZE,
} from '../config/config.js';

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

/** Runs one statement on the PostgreSQL server at `url` itself, on a connection of its own. */
async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Each PostgreSQL test database is a schema of its own, so concurrent runs never see each other's rows. */
function postgres(url: string): TestDatabaseKind {
  return {
    name: 'postgres',
    async create() {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      await onServer(url, `create schema ${schema}`);
      const scoped = new URL(url);
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      return {
        config: {
          kind: 'postgres',
          url: scoped.toString(),
          poolSize: DEFAULT_POSTGRES_POOL_SIZE,
          queryTimeoutMs: DEFAULT_DATABASE_QUERY_TIMEOUT_MS,
        },
        drop: () => onServer(url, `drop schema ${schema} cascade`),
      };
    },
  };
}

/**
 * Test databases behind a running PgBouncer (`origin`, test-support/pgbouncer.ts): each a PostgreSQL database of its
 * own, created and dropped directly on the server at `directUrl`, and used through PgBouncer with `?pgbouncer=true`
 * as users would.
 */
export function databasesThroughPgBouncer(directUrl: string, origin: string): TestDatabaseKind {
  return {
    name: 'postgres',
    async create() {
      const name = `test_${randomBytes(6).toString('hex')}`;
      await onServer(directUrl, `create database ${name}`);
      return {
        config: {
          kind: 'postgres',
          url: `${origin}/${name}`,
          poolSize: DEFAULT_POSTGRES_POOL_SIZE,
          queryTimeoutMs: DEFAULT_DATABASE_QUERY_TIMEOUT_MS,
          pgbouncer: true,
        },
        // PgBouncer may still hold idle server connections to it: FORCE ends those (and only those).
        drop: () => onServer(directUrl, `drop database ${name} with (force)`),
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
