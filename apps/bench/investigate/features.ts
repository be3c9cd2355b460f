import { join } from 'node:path';
import type { DatabaseFixture } from '#bench/fixtures/database-fixture.js';
import type { Scenario } from '#bench/load/scenarios.js';
import { startAndMeasure, type TimedServer } from './cpu-time.js';
import {
  makeMeasurementCopy,
  REMOVALS,
  type Removal,
  removeMeasurementCopies,
} from './measurement-copies.js';
import { startSeeded } from './start-seeded.js';
import { withSqliteFixture } from './with-sqlite-fixture.js';

const SCENARIOS: Scenario[] = ['getPet', 'listPets'];

/** The store as built, or a measurement copy of it without one feature, started with `--trace-gc`. */
async function startStore(
  fixture: DatabaseFixture,
  scenario: Scenario,
  workDir: string,
  removal?: Removal,
  label = removal?.name ?? 'store',
): Promise<TimedServer> {
  const name = `${label}-${fixture.kind}-${scenario}-features`;
  const storeMain = removal ? makeMeasurementCopy(removal) : undefined;
  const seeded = await startSeeded(fixture, 'store', { name, workDir, nodeArgs: ['--trace-gc'], storeMain });
  return { name: label, seeded, logPath: join(workDir, `${name}.log`) };
}

/**
 * What each per-request feature of a read costs: the store side by side with copies of its build, each without one
 * feature (measurement-copies.ts), by CPU time, collector time and bytes a request (cpu-time.ts). A feature's cost
 * is the store's figure less its copy's; the store runs twice, first and last, and the gap between those two is
 * the noise a cost must stand out of.
 */
export async function features(): Promise<void> {
  await withSqliteFixture('features', async (fixture, workDir) => {
    try {
      for (const scenario of SCENARIOS) {
        const removals = REMOVALS.filter((removal) => !removal.only || removal.only.includes(scenario));
        const starts = [
          () => startStore(fixture, scenario, workDir),
          ...removals.map((removal) => () => startStore(fixture, scenario, workDir, removal)),
          // The store once more, in a process of its own: how far two identical servers differ in this run.
          () => startStore(fixture, scenario, workDir, undefined, 'store-again'),
        ];
        const legend = removals.map((removal) => `  ${removal.name}: without ${removal.feature}`);
        process.stdout.write(`${await startAndMeasure(scenario, starts)}${legend.join('\n')}\n\n`);
      }
    } finally {
      removeMeasurementCopies();
    }
  });
}
