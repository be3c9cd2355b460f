import { accessSync, constants, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig, PostgresConfig } from '../config/config.js';
import type { DatabaseTuning } from './database-tuning.js';
import { PgBouncerDialect } from './pgbouncer-dialect.js';
import { reportLostConnections, withWatchedConnections } from './postgres-connection-faults.js';
import type { DatabaseSchema } from './schema.js';
import { sharedProbe } from './shared-probe.js';
import { probeWrite, SqliteStorage } from './sqlite-storage.js';
import { type QueryTracer, tracedDialect } from './traced-dialect.js';

export type Dialect = DatabaseConfig['kind'];

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  checkReady(): Promise<void>;
  /** The PostgreSQL pool's connections in use and queries waiting for one; undefined on SQLite. */
  poolUsage(): { inUse: number; waiting: number } | undefined;
  close(): Promise<void>;
}

const PG_INT8_OID = 20;

/**
 * PostgreSQL returns int8 as strings so as not to lose precision; the contract bounds every id by 2^53-1, so
 * numbers are exact here.
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === PG_INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

/** Why SQLite could not open `path`: better-sqlite3 says only "unable to open database file" for a read-only place. */
function sqliteOpenFailure(error: unknown, path: string): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const deniedHere = () => {
    try {
      accessSync(dirname(path), constants.W_OK);
      return false;
    } catch (accessError) {
      return ['EACCES', 'EPERM', 'EROFS'].includes((accessError as NodeJS.ErrnoException).code ?? '');
    }
  };
  return ['EACCES', 'EPERM', 'EROFS'].includes(code) || (code === 'SQLITE_CANTOPEN' && deniedHere())
    ? 'permission denied; set DATABASE_URL to a path this user may write'
    : (error as Error).message;
}

function openSqlite(
  path: string,
  tuning: DatabaseTuning,
  traceQuery: QueryTracer | undefined,
): { db: Kysely<DatabaseSchema>; storage: SqliteStorage } {
  let connection: SqliteDatabase.Database;
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    connection = new SqliteDatabase(path);
    // WAL lets readers proceed during a write; synchronous=FULL makes each commit durable before the 201 is sent.
    connection.pragma('journal_mode = WAL');
    connection.pragma('synchronous = FULL');
    connection.pragma('busy_timeout = 5000');
    connection.pragma('quick_check');
  } catch (error) {
    throw new DatabaseOpenError(
      `Cannot open the SQLite database at ${path}: ${sqliteOpenFailure(error, path)}.`,
    );
  }
  assertWritable(connection, path);
  const storage = new SqliteStorage(connection);
  const dialect = new SqliteDialect({ database: storage.watch(tuning.sqlite?.(connection) ?? connection) });
  const db = new Kysely<DatabaseSchema>({
    dialect: traceQuery ? tracedDialect(dialect, 'sqlite', traceQuery) : dialect,
  });
  return { db, storage };
}

/** A store that could read but not write would start, say it is ready, and fail every create. */
function assertWritable(connection: SqliteDatabase.Database, path: string): void {
  try {
    probeWrite(connection);
  } catch (error) {
    connection.close();
    throw new DatabaseOpenError(
      `Cannot write the SQLite database at ${path} (${(error as Error).message}); check the permissions, attributes and free space of the file and its folder.`,
    );
  }
}

/** A connection that takes longer than this is not coming: start-up retries, a request gets its 503. */
const MAX_CONNECTION_WAIT_MS = 5000;

function openPostgres(
  { url, poolSize, queryTimeoutMs, pgbouncer }: PostgresConfig,
  onConnectionLost: (error: Error) => void,
  tuning: DatabaseTuning,
  traceQuery: QueryTracer | undefined,
): { db: Kysely<DatabaseSchema>; pool: pg.Pool } {
  // Every wait is bounded, so that an unreachable server or a busy pool costs a 503 rather than a hung request:
  // for a connection (5 s at most); and for a query, twice: the server cancels it (the connection stays usable), and the client
  // gives up on a server that does not answer at all (a partition; the connection is then discarded). PgBouncer
  // refuses `statement_timeout` as a start-up parameter: there the client's bound alone applies.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypes,
    connectionTimeoutMillis: Math.min(queryTimeoutMs, MAX_CONNECTION_WAIT_MS),
    statement_timeout: pgbouncer ? undefined : queryTimeoutMs,
    // A transaction left waiting between its statements is ended too: with the statement bound, this bounds how
    // long a create may stay uncommitted, on which the answers kept in memory rely (store/settled-ids.ts).
    idle_in_transaction_session_timeout: pgbouncer ? undefined : queryTimeoutMs,
    query_timeout: queryTimeoutMs,
    keepAlive: true,
  });
  // A connection dropped by the server (restart, failover, reset) must not crash the process: the pool replaces it.
  reportLostConnections(pool, onConnectionLost);
  // PgBouncer in transaction mode hands each transaction to any server connection: a statement prepared on one is
  // missing on the next, so queries go unnamed there (decision 017).
  const dialect = new (pgbouncer ? PgBouncerDialect : PostgresDialect)({
    pool: withWatchedConnections(pool, pgbouncer ? undefined : tuning.postgresStatementName),
  });
  const db = new Kysely<DatabaseSchema>({
    dialect: traceQuery ? tracedDialect(dialect, 'postgresql', traceQuery) : dialect,
  });
  return { db, pool };
}

/**
 * Readiness probes run on a connection of their own: on the serving pool they would queue behind the requests of a
 * busy store, and a flood of probes would take connections from requests. Its lost connection is simply replaced.
 */
function probeConnection({ url, queryTimeoutMs }: PostgresConfig): pg.Pool {
  const probes = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: Math.min(queryTimeoutMs, MAX_CONNECTION_WAIT_MS),
    query_timeout: queryTimeoutMs,
  });
  probes.on('error', () => undefined);
  return probes;
}

export function openDatabase(
  config: DatabaseConfig,
  onConnectionLost: (error: Error) => void = () => {},
  tuning: DatabaseTuning = {},
  /** Each statement as a span, when tracing is on. */
  traceQuery?: QueryTracer,
): Database {
  if (config.kind === 'sqlite') {
    const { db, storage } = openSqlite(config.path, tuning, traceQuery);
    // Reads keep working when the disk is full or the file read-only; readiness is about whether writes do.
    return {
      db,
      dialect: 'sqlite',
      poolUsage: () => undefined,
      checkReady: () => storage.check(),
      close: () => db.destroy(),
    };
  }
  const { db, pool } = openPostgres(config, onConnectionLost, tuning, traceQuery);
  const probes = probeConnection(config);
  return {
    db,
    dialect: 'postgres',
    poolUsage: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    checkReady: sharedProbe(async () => {
      await probes.query('select 1');
    }),
    close: async () => {
      await Promise.all([db.destroy(), probes.end()]);
    },
  };
}
