import type { Database as SqliteConnection } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { isStorageFailure } from './database-errors.js';
import { sharedProbe } from './shared-probe.js';

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
 * shared probe write, so that it recovers by itself once the cause is gone.
 */
export class SqliteStorage {
  private lastFailure: { error: unknown; at: number } | undefined;
  private readonly probe = sharedProbe(async () => this.noting(() => probeWrite(this.connection)));

  constructor(private readonly connection: SqliteConnection) {}

  /** Kysely's view of the connection, its statements watched for storage failures. */
  watch(database: SqliteDatabase): SqliteDatabase {
    const watched = new WeakMap<SqliteStatement, SqliteStatement>();
    return {
      close: () => database.close(),
      prepare: (sql) => {
        if (sql === 'rollback') return this.rollbackUnlessDone(database.prepare(sql));
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

  /**
   * Rejects with the reason while the file cannot be written: at once after a statement failed for want of storage,
   * otherwise as a probe write says, one probe a second at most (an empty commit, fsync included).
   */
  async check(): Promise<void> {
    const failure = this.lastFailure;
    if (failure && Date.now() - failure.at < FAILURE_REPORTED_MS) throw failure.error;
    await this.probe();
  }

  /**
   * SQLite rolls a transaction back by itself when a write fails for want of storage (a full disk, an I/O error):
   * Kysely's rollback then fails with "no transaction is active", and that error would replace the real reason
   * (a 500 instead of the 503 a storage failure gets). There is nothing left to roll back, so nothing is done.
   */
  private rollbackUnlessDone(statement: SqliteStatement): SqliteStatement {
    return {
      reader: statement.reader,
      all: (parameters) => statement.all(parameters),
      run: (parameters) =>
        this.connection.inTransaction ? statement.run(parameters) : { changes: 0, lastInsertRowid: 0 },
      iterate: (parameters) => statement.iterate(parameters),
    };
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
