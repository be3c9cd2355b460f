import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseFixture } from '#bench/fixtures/database-fixture.js';
import { sqliteFixture } from '#bench/fixtures/sqlite-fixture.js';
import { killAllServersNow, stopAllServers } from '#bench/processes/server-process.js';

/**
 * Runs `work` on a SQLite fixture in a work folder of its own, then removes both; every server it started is
 * stopped, also when `work` fails, and killed should the process exit first.
 */
export async function withSqliteFixture(
  name: string,
  work: (fixture: DatabaseFixture, workDir: string) => Promise<void>,
): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), `animal-store-${name}-`));
  process.on('exit', killAllServersNow);
  const fixture = sqliteFixture(workDir);
  try {
    await work(fixture, workDir);
  } finally {
    await stopAllServers();
    await fixture.dispose();
    rmSync(workDir, { recursive: true, force: true });
  }
}
