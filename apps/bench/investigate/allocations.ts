import type { Scenario } from '#bench/load/scenarios.js';
import { type AllocationOutcome, measureAllocations } from './allocation-contender.js';
import { withSqliteFixture } from './with-sqlite-fixture.js';

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

/** What a request allocates in the store and in bare Express, by package and function. */
export async function allocations(): Promise<void> {
  await withSqliteFixture('allocations', async (fixture, workDir) => {
    for (const scenario of SCENARIOS) {
      const store = await measureAllocations(fixture, 'store', scenario, workDir);
      const express = await measureAllocations(fixture, 'express', scenario, workDir);
      process.stdout.write(`${comparison(store, express)}\n`);
    }
  });
}
