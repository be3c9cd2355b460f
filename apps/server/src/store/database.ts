import { accessSync, constants, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig, PostgresConfig } from '../config.js';
import type { DatabaseSchema } from './schema.js';
import { withCachedStatements, withPreparedStatements } from './statement-caches.js';

export type Dialect = DatabaseConfig['kind'];

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
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

function openSqlite(path: string): Kysely<DatabaseSchema> {
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
  return new Kysely<DatabaseSchema>({
    dialect: new SqliteDialect({ database: withCachedStatements(connection) }),
  });
}

function openPostgres(
  { url, poolSize, pgbouncer }: PostgresConfig,
  onIdleError: (error: Error) => void,
): { db: Kysely<DatabaseSchema>; pool: pg.Pool } {
  // A bounded wait for a connection turns an unreachable server, or a pool busy for 5 s, into a 503 rather than a
  // hung request.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypes,
    connectionTimeoutMillis: 5000,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process: the pool replaces it.
  pool.on('error', onIdleError);
  // PgBouncer in transaction mode hands each transaction to any server connection: a statement prepared on one is
  // missing on the next, so queries go unnamed there (decision 017).
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool: pgbouncer ? pool : withPreparedStatements(pool) }),
  });
  return { db, pool };
}

export function openDatabase(
  config: DatabaseConfig,
  onIdleError: (error: Error) => void = () => {},
): Database {
  const { db, pool } =
    config.kind === 'sqlite'
      ? { db: openSqlite(config.path), pool: undefined }
      : openPostgres(config, onIdleError);
  return {
    db,
    dialect: config.kind,
    poolUsage: () => pool && { inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount },
    async ping() {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
