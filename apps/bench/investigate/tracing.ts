import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contendersFor, switchedStores } from '#bench/contenders.js';
import type { DatabaseFixture } from '#bench/fixtures/database-fixture.js';
import { postgresFixture } from '#bench/fixtures/postgres-fixture.js';
import { sqliteFixture } from '#bench/fixtures/sqlite-fixture.js';
import type { Measurement, ServerFigures } from '#bench/measurements.js';
import { killAllServersNow, stopAllServers } from '#bench/processes/server-process.js';
import { rateMeasurements } from '#bench/report/ratios.js';
import { runsTable, serversTable } from '#bench/report/table.js';
import { runSuite } from '#bench/run-suite.js';
import { benchSettings } from '#bench/settings.js';

const SIDE_BY_SIDE = ['store', 'store-tracing'];

/**
 * The store and store + tracing alone, side by side as `pnpm bench` runs them (the same harness, settings and
 * scenarios, the same OTLP sink), on SQLite, then on PostgreSQL when it is reachable: what tracing every request
 * costs, without the other contenders' seven minutes. Prints the bench's tables of the two: the runs, with the
 * ÷ store ratio, and the servers, with their memory after the runs.
 */
export async function tracing(): Promise<void> {
  const settings = benchSettings(process.env);
  const workDir = mkdtempSync(join(tmpdir(), 'animal-store-tracing-'));
  const log = (line: string) => process.stderr.write(`tracing: ${line}\n`);
  process.on('exit', killAllServersNow);
  const measurements: Measurement[] = [];
  const servers: ServerFigures[] = [];
  const onFixture = async (fixture: DatabaseFixture) => {
    try {
      const all = [...contendersFor(fixture.kind), ...(fixture.kind === 'sqlite' ? [] : switchedStores())];
      const contenders = all.filter(({ id }) => SIDE_BY_SIDE.includes(id));
      const target = { kind: fixture.kind, url: fixture.url, reseed: fixture.reseed };
      const suite = await runSuite(contenders, target, { settings, workDir, log });
      measurements.push(...suite.measurements);
      servers.push(...suite.servers);
      for (const failure of suite.failures) log(failure);
      if (suite.failures.length > 0) process.exitCode = 1;
    } finally {
      await fixture.dispose();
    }
  };
  try {
    await onFixture(sqliteFixture(workDir));
    const postgres = await postgresFixture(settings.postgresUrl).catch((error: Error) => {
      log(`PostgreSQL skipped (${error.message})`);
      return undefined;
    });
    if (postgres) await onFixture(postgres);
    process.stdout.write(`${runsTable(rateMeasurements(measurements))}\n\n${serversTable(servers)}\n`);
  } finally {
    await stopAllServers();
    rmSync(workDir, { recursive: true, force: true });
  }
}
