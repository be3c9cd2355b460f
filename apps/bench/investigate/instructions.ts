import { spawnSync } from 'node:child_process';
import type { Scenario } from '#bench/load/scenarios.js';
import { countInstructions, type InstructionOutcome } from './instruction-contender.js';
import { withSqliteFixture } from './with-sqlite-fixture.js';

/** The two read paths, on SQLite: where the store's own work, not the disk, decides the cost. */
const SCENARIOS: Scenario[] = ['getPet', 'listPets'];

const thousands = (outcome: InstructionOutcome) => `${Math.round(outcome.instructionsPerRequest / 1000)}k`;

/** Instructions a read costs the store and bare Express, and the metrics' share of the store's, by callgrind. */
export async function instructions(): Promise<void> {
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    process.stderr.write('instructions: needs valgrind (Debian package valgrind), which was not found\n');
    process.exitCode = 1;
    return;
  }
  await withSqliteFixture('instructions', async (fixture, workDir) => {
    const storeOutcomes = new Map<Scenario, InstructionOutcome>();
    for (const scenario of SCENARIOS) {
      const store = await countInstructions(fixture, 'store', scenario, workDir);
      storeOutcomes.set(scenario, store);
      const express = await countInstructions(fixture, 'express', scenario, workDir);
      const ratio = express.instructionsPerRequest / store.instructionsPerRequest;
      process.stdout.write(
        `${scenario} (SQLite, 50 connections): store ${thousands(store)} instructions a request, bare Express ` +
          `${thousands(express)}; bare Express ÷ store ${ratio.toFixed(2)} (${store.requests} and ` +
          `${express.requests} requests counted, ${store.failed + express.failed} failed)\n`,
      );
    }
    // The metrics' cost (target: under 5%), on the read where it is the largest share of the work.
    const store = storeOutcomes.get('getPet') as InstructionOutcome;
    const withMetrics = await countInstructions(fixture, 'store', 'getPet', workDir, {
      name: 'metrics',
      env: { METRICS_PORT: '0' },
    });
    const cost = withMetrics.instructionsPerRequest / store.instructionsPerRequest - 1;
    process.stdout.write(
      `getPet with METRICS_PORT set: ${thousands(withMetrics)} instructions a request, without ` +
        `${thousands(store)}; the metrics cost ${(cost * 100).toFixed(1)}%\n`,
    );
  });
}
