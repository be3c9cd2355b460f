/**
 * The store's runtime tuning: every piece that relies on a library's or the runtime's internals rather than on its
 * public API, in one place, applied where the store is built (store-server.ts; V8 flags by main.ts). Each file is one row of the ledger in docs/performance.md (what it
 * does, what it relies on, what it gains, the test that pins it, when to remove it). Without this folder the store
 * works the same, only slower.
 */
import type { Database as SqliteConnection } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { namedStatements, type StatementNamer } from './postgres-prepared-statements.js';
import { withCachedStatements } from './sqlite-statement-cache.js';

export { bornWithAppPrototypes } from './born-with-app-prototypes.js';
export { tuneV8ForServing } from './v8-flags.js';

/** What the store's database layer lets the tuning change: SQLite's connection, PostgreSQL's statement names. */
export interface DatabaseTuning {
  sqlite?: (connection: SqliteConnection) => SqliteDatabase;
  postgresStatementName?: StatementNamer;
}

/**
 * The database tuning: statements cached by SQL text on SQLite; on PostgreSQL, named prepared statements unless
 * `namedPostgresStatements` is false (a pooler in transaction mode, such as PgBouncer, does not keep them).
 */
export function databaseTuning(options: { namedPostgresStatements: boolean }): DatabaseTuning {
  return {
    sqlite: withCachedStatements,
    postgresStatementName: options.namedPostgresStatements ? namedStatements() : undefined,
  };
}
