import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sqliteFixture } from './fixtures/sqlite-fixture.js';
import type { Scenario } from './load/scenarios.js';
import { killAllServersNow, stopAllServers } from './processes/server-process.js';
import { type AllocationOutcome, measureAllocations } from './profile/allocation-contender.js';

/** The read paths and the write path, on SQLite: the allocations above the driver are the same on PostgreSQL. */
const SCENARIOS: Scenario[] = ['listPets', 'getPet', 'createPet'];

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(10);

function comparison(store: AllocationOutcome, express: AllocationOutcome): string {
  const expressByArea = new Map(express.areas.map((area) => [area.name, area.bytesPerRequest]));
  return [
    `${store.name}: ${kib(store.bytesPerRequest)} allocated per request; bare Express ${kib(express.bytesPerRequest)}` +
      ` (${store.requests} and ${express.requests} requests sampled, ${store.failed + express.failed} failed)`,
    '  by package, store (bare Express):',
    ...store.areas.map(
      (area) =>
        `    ${kib(area.bytesPerRequest)} (${kib(expressByArea.get(area.name) ?? 0).trim()})  ${area.name}`,
    ),
    '  by function, store:',
    ...store.functions.map((fn) => `    ${kib(fn.bytesPerRequest)}  ${fn.name}`),
    '',
  ].join('\n');
}

const workDir = mkdtempSync(join(tmpdir(), 'animal-store-allocations-'));
process.on('exit', killAllServersNow);
const fixture = sqliteFixture(workDir);
try {
  for (const scenario of SCENARIOS) {
    const store = await measureAllocations(fixture, 'store', scenario, workDir);
    const express = await measureAllocations(fixture, 'express', scenario, workDir);
    process.stdout.write(`${comparison(store, express)}\n`);
  }
} finally {
  await stopAllServers();
  await fixture.dispose();
  rmSync(workDir, { recursive: true, force: true });
}
