import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { ContenderId } from '#bench/contenders.js';
import type { DatabaseFixture } from '#bench/fixtures/database-fixture.js';
import { failedRequests } from '#bench/load/run-load.js';
import type { Scenario } from '#bench/load/scenarios.js';
import {
  type AllocationSummary,
  type SamplingHeapProfileNode,
  summariseAllocations,
} from './allocation-summary.js';
import { profiledServerName, startSeeded, warmThenMeasure } from './start-seeded.js';

const SAMPLER_PATH = fileURLToPath(new URL('./allocation-sampler.js', import.meta.url));
const SAMPLED_SECONDS = 4;
/** Writing the profile of a few seconds takes well under this, even on a busy machine. */
const PROFILE_WRITE_TIMEOUT_MS = 15_000;

export interface AllocationOutcome extends AllocationSummary {
  name: string;
  requests: number;
  failed: number;
}

async function waitForFile(path: string): Promise<void> {
  const deadline = Date.now() + PROFILE_WRITE_TIMEOUT_MS;
  while (!existsSync(path)) {
    if (Date.now() > deadline) throw new Error(`the server did not write ${path}`);
    await sleep(50);
  }
}

/**
 * What a request allocates in the store or bare Express under one scenario at 50 connections: V8's sampling heap
 * profiler runs only while the load does (after a second of warm-up), objects already collected included.
 */
export async function measureAllocations(
  fixture: DatabaseFixture,
  contenderId: ContenderId,
  scenario: Scenario,
  workDir: string,
): Promise<AllocationOutcome> {
  const name = profiledServerName(contenderId, fixture, scenario);
  const profilePath = join(workDir, `${name}.heapprofile`);
  const seeded = await startSeeded(fixture, contenderId, {
    name,
    workDir,
    nodeArgs: ['--import', SAMPLER_PATH],
    env: { ALLOCATION_PROFILE_PATH: profilePath },
  });
  const toggleSampling = () => process.kill(seeded.server.pid, 'SIGUSR2');
  try {
    const figures = await warmThenMeasure(seeded, scenario, SAMPLED_SECONDS, toggleSampling);
    toggleSampling();
    await waitForFile(profilePath);
    const head = (JSON.parse(readFileSync(profilePath, 'utf8')) as { head: SamplingHeapProfileNode }).head;
    return {
      name,
      requests: figures.requests,
      failed: failedRequests(figures),
      ...summariseAllocations(head, figures.requests),
    };
  } finally {
    await seeded.server.stop();
  }
}
