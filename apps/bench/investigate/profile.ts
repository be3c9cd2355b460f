import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseFixture } from './fixtures/database-fixture.js';
import { postgresFixture } from './fixtures/postgres-fixture.js';
import { sqliteFixture } from './fixtures/sqlite-fixture.js';
import type { Scenario } from './load/scenarios.js';
import { killAllServersNow, stopAllServers } from './processes/server-process.js';
import { comparisonReport } from './profile/profile-comparison.js';
import { type ProfileOutcome, profileContender } from './profile/profile-contender.js';
import { benchSettings } from './settings.js';

/** The plain list and the read by id (the read paths) and create (the write path). */
const SCENARIOS: Scenario[] = ['listPets', 'getPet', 'createPet'];

const workDir = mkdtempSync(join(tmpdir(), 'animal-store-profile-'));
process.on('exit', killAllServersNow);

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

async function onFixture(fixture: DatabaseFixture): Promise<void> {
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

try {
  const { postgresUrl } = benchSettings(process.env);
  await onFixture(sqliteFixture(workDir));
  const postgres = await postgresFixture(postgresUrl).catch((error: Error) => {
    process.stderr.write(`profile: PostgreSQL skipped (${error.message})\n`);
    return undefined;
  });
  if (postgres) await onFixture(postgres);
} finally {
  await stopAllServers();
  rmSync(workDir, { recursive: true, force: true });
}
