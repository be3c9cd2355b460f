import type { Database as SqliteConnection } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** The name a statement is prepared under on each connection, or undefined to send it unnamed. */
export type StatementNamer = (sql: string) => string | undefined;

/**
 * What the database layer lets the tuning change: SQLite's connection, PostgreSQL's statement names. Declared here,
 * where it is applied; the tuning (tuning/) fills it in, and the composition root hands it over.
 */
export interface DatabaseTuning {
  sqlite?: (connection: SqliteConnection) => SqliteDatabase;
  postgresStatementName?: StatementNamer;
}
