import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../config/config.js';
import { migrateToLatest } from '../database/migrations.js';
import type { CopyReport } from './copy-store.js';
import { copyToDatabase } from './copy-to-database.js';
import { DataCommandError, type DataConnection, openSqlite } from './data-connection.js';
import type { Progress } from './progress.js';
import { appliedMigrations, tableNames } from './store-inspection.js';
import { RELEASE_SCHEMA } from './versions.js';

/**
 * Restores a backup file (a SQLite store file, as `data backup` writes) into the database `target` names, which
 * must hold no store data: a copy, verified, in one transaction. A backup an earlier release made is first brought
 * to this release's schema, in a copy of the file: the backup itself is never written.
 */
export async function restoreStore(
  file: string,
  target: DatabaseConfig,
  progress: Progress,
): Promise<CopyReport & { target: string }> {
  if (!existsSync(file)) throw new DataCommandError(`${file} does not exist`);
  let source = openSqlite(file, { readonly: true });
  let staging: string | undefined;
  try {
    const applied = await readableBackup(source, file);
    if (applied.at(-1) !== RELEASE_SCHEMA) {
      staging = mkdtempSync(join(tmpdir(), 'animal-store-restore-'));
      await source.close();
      source = await stagedAtThisRelease(file, join(staging, 'store.db'));
    }
    return await copyToDatabase(source, target, progress, {
      action: 'store.restored',
      command: 'data restore',
    });
  } finally {
    await source.close();
    if (staging) rmSync(staging, { recursive: true, force: true });
  }
}

/** The migrations the backup records, once it is known to read whole and to hold a store. */
async function readableBackup(source: DataConnection, file: string): Promise<string[]> {
  try {
    const { rows } = await sql<{ quick_check: string }>`pragma quick_check`.execute(source.db);
    const problem = rows.map((row) => Object.values(row)[0]).find((result) => result !== 'ok');
    if (problem) throw new Error(String(problem));
    if (!(await tableNames(source)).includes('pets')) throw new Error('it holds no Animal Store');
    return await appliedMigrations(source);
  } catch (error) {
    throw new DataCommandError(`${file} is not a readable store backup (${(error as Error).message})`);
  }
}

async function stagedAtThisRelease(file: string, staged: string): Promise<DataConnection> {
  const backup = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    await backup.backup(staged);
  } finally {
    backup.close();
  }
  const connection = openSqlite(staged);
  await migrateToLatest(connection.db, 'sqlite');
  return connection;
}
