import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseFixture } from '#bench/fixtures/database-fixture.js';
import { postgresFixture } from '#bench/fixtures/postgres-fixture.js';
import { sqliteFixture } from '#bench/fixtures/sqlite-fixture.js';
import type { Scenario } from '#bench/load/scenarios.js';
import { killAllServersNow, stopAllServers } from '#bench/processes/server-process.js';
import { benchSettings } from '#bench/settings.js';
import { comparisonReport } from './profile-comparison.js';
import { type ProfileOutcome, profileContender } from './profile-contender.js';

/** The plain list and the read by id (the read paths) and create (the write path). */
const SCENARIOS: Scenario[] = ['listPets', 'getPet', 'createPet'];

function report(outcome: ProfileOutcome): string {
  const lines = (title: string, spots: ProfileOutcome['functions']) => [
    `  ${title}:`,
    ...spots.map((spot) => `    ${spot.selfPercent.toFixed(1).padStart(5)}%  ${spot.name}`),
  ];
  return [
    `${outcome.name}: ${Math.round(outcome.requestsPerSecond)} req/s while profiled, ${outcome.failed} failed ` +
      '(self time, idle excluded)',
    ...lines('by package, self', outcome.areas),
    ...lines('by package, on the stack (inclusive)', outcome.areasInclusive),
    ...lines('by function', outcome.functions),
    '',
  ].join('\n');
}

async function onFixture(fixture: DatabaseFixture, workDir: string): Promise<void> {
  try {
    for (const scenario of SCENARIOS) {
      const store = await profileContender(fixture, 'store', scenario, workDir);
      process.stdout.write(report(store));
      const express = await profileContender(fixture, 'express', scenario, workDir);
      process.stdout.write(`${store.name} against ${express.name}:\n${comparisonReport(store, express)}\n\n`);
    }
  } finally {
    await fixture.dispose();
  }
}

/** The store and bare Express profiled side by side on SQLite, then on PostgreSQL when it is reachable. */
export async function profile(): Promise<void> {
  const { postgresUrl } = benchSettings(process.env);
  const workDir = mkdtempSync(join(tmpdir(), 'animal-store-profile-'));
  process.on('exit', killAllServersNow);
  try {
    await onFixture(sqliteFixture(workDir), workDir);
    const postgres = await postgresFixture(postgresUrl).catch((error: Error) => {
      process.stderr.write(`profile: PostgreSQL skipped (${error.message})\n`);
      return undefined;
    });
    if (postgres) await onFixture(postgres, workDir);
  } finally {
    await stopAllServers();
    rmSync(workDir, { recursive: true, force: true });
  }
}
