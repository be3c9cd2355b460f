import { existsSync, renameSync, rmSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import type { DatabaseConfig } from '../config/config.js';
import { copyStore } from './copy-store.js';
import { DataCommandError, openDataConnection, openSqlite } from './data-connection.js';
import { creationProblem, noSqliteDatabase } from './open-problems.js';
import type { Progress } from './progress.js';
import { STORE_TABLES, type TableName } from './store-tables.js';
import { refuseNewerStore } from './versions.js';

/** Pages (4 KiB each by default) copied between two looks at the event loop: progress, and nothing else waits. */
const PAGES_PER_STEP = 100;

export interface BackupReport {
  rows: Partial<Record<TableName, bigint>>;
  /** How the backup was made, in words. */
  method: string;
}

/**
 * Writes a consistent backup of the store to `file`, a new SQLite store file, while the store serves. The file
 * appears only once complete: it is written beside it under another name, then renamed.
 */
export async function backupStore(
  config: DatabaseConfig,
  file: string,
  progress: Progress,
): Promise<BackupReport> {
  if (existsSync(file)) {
    throw new DataCommandError(`${file} exists: a backup never replaces a file, so name a new one`);
  }
  const problem = creationProblem(file);
  if (problem) throw new DataCommandError(`cannot write the backup ${file}: ${problem}`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    const report =
      config.kind === 'sqlite'
        ? await backupSqlite(config.path, partial, progress)
        : await backupPostgres(config, partial, progress);
    renameSync(partial, file);
    return report;
  } catch (error) {
    for (const leftover of [partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`]) {
      rmSync(leftover, { force: true });
    }
    throw error;
  } finally {
    progress.done();
  }
}

/**
 * SQLite's online backup API, a step of pages at a time. It reads in one read transaction held from the first step
 * to the last: in WAL mode a reader never blocks the server's writers, and the backup copies that one snapshot
 * instead of starting over each time the server commits, which a busy store would make it do forever.
 */
async function backupSqlite(path: string, partial: string, progress: Progress): Promise<BackupReport> {
  if (!existsSync(path)) throw new DataCommandError(noSqliteDatabase(path));
  // The backup API copies pages, not rows: the store's version is read first, on a connection of its own.
  const version = openSqlite(path, { readonly: true });
  try {
    await refuseNewerStore(version);
  } finally {
    await version.close();
  }
  let source: SqliteDatabase.Database;
  try {
    source = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new DataCommandError(`cannot open the SQLite database ${path}: ${(error as Error).message}`);
  }
  try {
    source.pragma('busy_timeout = 5000');
    source.exec('begin');
    const rows = countRows(source, path);
    await source.backup(partial, {
      progress: ({ totalPages, remainingPages }) => {
        progress.show(`backing up: ${totalPages - remainingPages} of ${totalPages} pages`);
        return PAGES_PER_STEP;
      },
    });
    source.exec('commit');
    assertComplete(partial, rows);
    return { rows, method: 'SQLite online backup, one snapshot' };
  } finally {
    source.close();
  }
}

/** Rows per table in the snapshot the read transaction holds (its first read takes it). */
function countRows(database: SqliteDatabase.Database, path: string): BackupReport['rows'] {
  const tables = new Set(
    database
      .prepare<[], { name: string }>("select name from sqlite_master where type = 'table'")
      .all()
      .map((row) => row.name),
  );
  if (!tables.has('pets')) throw new DataCommandError(`${path} holds no Animal Store`);
  const rows: BackupReport['rows'] = {};
  for (const { name } of STORE_TABLES) {
    if (!tables.has(name)) continue;
    rows[name] = database.prepare(`select count(*) from "${name}"`).pluck().safeIntegers().get() as bigint;
  }
  return rows;
}

/**
 * A backup file stands alone: rollback journal mode, so that no -wal file belongs with it. It must read whole and
 * hold the rows the snapshot held.
 */
function assertComplete(partial: string, rows: BackupReport['rows']): void {
  const backup = new SqliteDatabase(partial);
  try {
    backup.pragma('journal_mode = DELETE');
    const check = backup.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new DataCommandError(`the backup does not read whole: ${String(check)}`);
    for (const [name, count] of Object.entries(rows)) {
      const copied = backup.prepare(`select count(*) from "${name}"`).pluck().safeIntegers().get() as bigint;
      if (copied !== count) {
        throw new DataCommandError(`the backup holds ${copied} rows of ${name}, the snapshot ${count}`);
      }
    }
  } finally {
    backup.close();
  }
}

/** PostgreSQL: the copy, in one repeatable-read snapshot, into a new SQLite store file, verified table by table. */
async function backupPostgres(
  config: DatabaseConfig,
  partial: string,
  progress: Progress,
): Promise<BackupReport> {
  const source = openDataConnection(config);
  const target = openSqlite(partial);
  try {
    const report = await copyStore(source, target, progress, Date.now(), null);
    await target.close();
    const rows = Object.fromEntries(report.tables.map((table) => [table.name, table.rows]));
    assertComplete(partial, rows);
    return { rows, method: 'a copy in one repeatable-read snapshot, verified by count and checksum' };
  } finally {
    await Promise.allSettled([source.close(), target.close()]);
  }
}
