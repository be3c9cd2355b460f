import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { boundedCache } from './bounded-cache.js';

/**
 * Reuses better-sqlite3 statements by SQL text (ledger row "SQLite statement cache", docs/performance.md). Kysely
 * prepares every query anew on SQLite, and preparing costs more than running the store's small queries. Relies on
 * two things outside Kysely's public contract: that Kysely asks `prepare` for every query it runs, and that the
 * store never iterates a statement (an iterating statement is busy and could not be run again meanwhile).
 */
export function withCachedStatements(connection: SqliteConnection): SqliteDatabase {
  const statements = boundedCache<Statement>();
  return {
    close: () => connection.close(),
    prepare: (sql) => statements.get(sql, () => connection.prepare(sql)),
  };
}
