import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Contender, type ContenderId, contendersFor } from '#bench/contenders.js';
import type { DatabaseFixture } from '#bench/fixtures/database-fixture.js';
import { postgresFixture } from '#bench/fixtures/postgres-fixture.js';
import { sqliteFixture } from '#bench/fixtures/sqlite-fixture.js';
import { CONDITIONAL_SCENARIOS, type Scenario } from '#bench/load/scenarios.js';
import type { Measurement, ServerFigures } from '#bench/measurements.js';
import { killAllServersNow, stopAllServers } from '#bench/processes/server-process.js';
import { rateMeasurements } from '#bench/report/ratios.js';
import { runsTable, serversTable } from '#bench/report/table.js';
import { runSuite } from '#bench/run-suite.js';
import { benchSettings } from '#bench/settings.js';

const SCENARIOS: readonly Scenario[] = [
  'listPets',
  'listPets-status',
  'getPet',
  'mix-70-25-5',
  ...CONDITIONAL_SCENARIOS,
];

/** A budget far smaller than the catalogue: about 8 animals of the 10,000, so memory cannot help a getPet at random. */
const TINY_BUDGET_BYTES = '4096';

/** The store with its environment changed, under another name (a row of its own in the tables). */
function storeWith(base: Contender, id: string, env: Record<string, string>): Contender {
  return {
    ...base,
    id: id as ContenderId,
    migrates: false,
    launch: (port, databaseUrl) => {
      const launched = base.launch(port, databaseUrl);
      return { ...launched, env: { ...launched.env, ...env } };
    },
  };
}

/**
 * The store keeping settled answers (its default budget), the same store with a budget of 4 KiB (memory cannot
 * help: every getPet and page is read, serialised and tagged) and with none, and Fastify with the same features,
 * side by side through the bench's harness on SQLite, then PostgreSQL: the reads, and the first page asked with
 * `If-None-Match: *` (304 from each). On PostgreSQL a page is kept only once six query
 * bounds (30 s by default) have passed since the store first saw its last id, so the warm-up of each scenario
 * counts.
 */
export async function keptAnswers(): Promise<void> {
  const settings = benchSettings(process.env);
  const workDir = mkdtempSync(join(tmpdir(), 'animal-store-kept-answers-'));
  const log = (line: string) => process.stderr.write(`kept-answers: ${line}\n`);
  process.on('exit', killAllServersNow);
  const measurements: Measurement[] = [];
  const servers: ServerFigures[] = [];
  const onFixture = async (fixture: DatabaseFixture) => {
    try {
      const all = contendersFor(fixture.kind);
      const store = all.find(({ id }) => id === 'store') as Contender;
      const contenders = [
        store,
        storeWith(store, 'store-tiny-budget', { ANSWER_CACHE_BYTES: TINY_BUDGET_BYTES }),
        storeWith(store, 'store-nothing-kept', { ANSWER_CACHE_BYTES: '0' }),
        ...all.filter(({ id }) => id === 'fastify'),
      ];
      const target = { kind: fixture.kind, url: fixture.url, reseed: fixture.reseed };
      const suite = await runSuite(contenders, target, { settings, workDir, log, scenarios: SCENARIOS });
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
