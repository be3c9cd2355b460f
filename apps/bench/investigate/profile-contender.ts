import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseFixture } from '#bench/fixtures/database-fixture.js';
import { failedRequests, type LoadFigures } from '#bench/load/run-load.js';
import type { Scenario } from '#bench/load/scenarios.js';
import { type CpuProfile, type ProfileSummary, summariseProfile } from './cpu-profile-summary.js';
import { profiledServerName, profilesDir, startSeeded, warmThenMeasure } from './start-seeded.js';

/** Long enough that start-up and migrations are a small share of the samples. */
const PROFILE_SECONDS = 8;

export interface ProfileOutcome extends ProfileSummary {
  name: string;
  requestsPerSecond: number;
  /** Requests answered while profiled: busy time divided by this is the CPU a request cost the main thread. */
  requests: number;
  /** Non-2xx answers and connection errors: a profile of failing requests profiles the wrong code. */
  failed: number;
}

/**
 * A real server (the store, or a baseline) under one scenario at 50 connections, with V8's sampling profiler on.
 * Node writes the profile when the server exits after SIGTERM. The store creates the tables, so on a fresh
 * database it must be profiled before any baseline.
 */
export async function profileContender(
  fixture: DatabaseFixture,
  contenderId: 'store' | 'express',
  scenario: Scenario,
  workDir: string,
): Promise<ProfileOutcome> {
  const name = profiledServerName(contenderId, fixture, scenario);
  const profilePath = join(profilesDir, `${name}.cpuprofile`);
  mkdirSync(profilesDir, { recursive: true });
  const seeded = await startSeeded(fixture, contenderId, {
    name,
    workDir,
    nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profilesDir, '--cpu-prof-name', `${name}.cpuprofile`],
  });
  let figures: LoadFigures;
  try {
    figures = await warmThenMeasure(seeded, scenario, PROFILE_SECONDS);
  } finally {
    await seeded.server.stop();
  }
  if (!existsSync(profilePath)) throw new Error(`the server exited without writing ${profilePath}`);
  const summary = summariseProfile(JSON.parse(readFileSync(profilePath, 'utf8')) as CpuProfile);
  return {
    name,
    requestsPerSecond: figures.requestsPerSecond,
    requests: figures.requests,
    failed: failedRequests(figures),
    ...summary,
  };
}
