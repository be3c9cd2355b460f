import { existsSync, rmSync } from 'node:fs';
import type { DatabaseConfig } from '../config/config.js';
import { type CopyReport, copyStore } from './copy-store.js';
import { DataCommandError, type DataConnection, openDataConnection } from './data-connection.js';
import type { Progress } from './progress.js';

/**
 * `copyStore` into the database `target` names, opened here. A failure leaves it as it was: the transaction rolls
 * back, and a SQLite file the copy created is removed.
 */
export async function copyToDatabase(
  source: DataConnection,
  target: DatabaseConfig,
  progress: Progress,
  recordAs?: Parameters<typeof copyStore>[4],
): Promise<CopyReport & { target: string }> {
  const created = target.kind === 'sqlite' && !existsSync(target.path) ? target.path : undefined;
  const connection = openDataConnection(target);
  let copied = false;
  try {
    const report = await copyStore(source, connection, progress, Date.now(), recordAs);
    copied = true;
    return { ...report, target: connection.label };
  } catch (error) {
    if (error instanceof DataCommandError) throw error;
    throw new DataCommandError(
      `the copy stopped (${(error as Error).message}); its transaction was rolled back, so ${connection.label} is as it was`,
    );
  } finally {
    await connection.close();
    if (created && !copied) {
      for (const file of [created, `${created}-journal`, `${created}-wal`, `${created}-shm`]) {
        rmSync(file, { force: true });
      }
    }
  }
}
