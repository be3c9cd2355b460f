import type { Database as SqliteConnection } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { isStorageFailure } from './database-errors.js';

/**
 * After a write failed for want of storage, readiness reports the failure this long (a client's Retry-After): a
 * full disk may still take the probe's one page while every real write fails.
 */
const FAILURE_REPORTED_MS = 5000;

/**
 * Commits a change to the file, or throws why it cannot. SQLite opens a file it may not write read-only without a
 * word, and even `BEGIN IMMEDIATE` succeeds on it; setting the user version (the store does not use it) to the value
 * it has is a real, if empty, commit.
 */
export function probeWrite(connection: SqliteConnection): void {
  const version = connection.pragma('user_version', { simple: true }) as number;
  connection.pragma(`user_version = ${version}`);
}

/**
 * Whether the SQLite file can be written now. Statements that fail for want of storage (full, read-only,
 * immutable, I/O error) are noted as they happen; readiness fails while a failure is recent, and otherwise asks a
 * probe write, so that it recovers by itself once the cause is gone.
 */
export class SqliteStorage {
  private lastFailure: { error: unknown; at: number } | undefined;

  constructor(private readonly connection: SqliteConnection) {}

  /** Kysely's view of the connection, its statements watched for storage failures. */
  watch(database: SqliteDatabase): SqliteDatabase {
    const watched = new WeakMap<SqliteStatement, SqliteStatement>();
    return {
      close: () => database.close(),
      prepare: (sql) => {
        const statement = this.noting(() => database.prepare(sql));
        let watchedStatement = watched.get(statement);
        if (!watchedStatement) {
          watchedStatement = this.watchStatement(statement);
          watched.set(statement, watchedStatement);
        }
        return watchedStatement;
      },
    };
  }

  /** Throws the reason while the file cannot be written. */
  check(): void {
    const failure = this.lastFailure;
    if (failure && Date.now() - failure.at < FAILURE_REPORTED_MS) throw failure.error;
    this.noting(() => probeWrite(this.connection));
  }

  private watchStatement(statement: SqliteStatement): SqliteStatement {
    return {
      reader: statement.reader,
      all: (parameters) => this.noting(() => statement.all(parameters)),
      run: (parameters) => this.noting(() => statement.run(parameters)),
      iterate: (parameters) => statement.iterate(parameters),
    };
  }

  private noting<T>(run: () => T): T {
    try {
      return run();
    } catch (error) {
      if (isStorageFailure(error)) this.lastFailure = { error, at: Date.now() };
      throw error;
    }
  }
}
