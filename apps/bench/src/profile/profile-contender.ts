import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contendersFor, requestHeaders } from '../contenders.js';
import type { DatabaseFixture } from '../fixtures/database-fixture.js';
import { runLoad } from '../load/run-load.js';
import { type Scenario, scenarioRequests } from '../load/scenarios.js';
import { profilesDir } from '../paths.js';
import { freePort } from '../processes/free-port.js';
import { startServer } from '../processes/server-process.js';
import { type CpuProfile, type ProfileSummary, summariseProfile } from './cpu-profile-summary.js';

/** Long enough that start-up and migrations are a small share of the samples. */
const PROFILE_SECONDS = 8;
const CONNECTIONS = 50;

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
  const contender = contendersFor(fixture.kind).find((contender) => contender.id === contenderId);
  if (!contender) throw new Error(`no ${contenderId} contender on ${fixture.kind}`);
  const name = `${contenderId}-${fixture.kind}-${scenario}`;
  if (!contender.migrates) await fixture.reseed();
  const profilePath = join(profilesDir, `${name}.cpuprofile`);
  mkdirSync(profilesDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const launch = contender.launch(port, fixture.url);
  const server = await startServer({
    name,
    args: [
      '--cpu-prof',
      '--cpu-prof-dir',
      profilesDir,
      '--cpu-prof-name',
      `${name}.cpuprofile`,
      ...launch.args,
    ],
    env: launch.env,
    readyUrl: `${baseUrl}${contender.readyPath}`,
    headers: requestHeaders,
    logPath: join(workDir, `${name}.log`),
  });
  let requestsPerSecond: number;
  let requests: number;
  let failed: number;
  try {
    if (contender.migrates) await fixture.reseed();
    const load = { baseUrl, headers: requestHeaders, connections: CONNECTIONS };
    await runLoad({ ...load, requests: scenarioRequests(scenario, contender.routes), seconds: 1 });
    const figures = await runLoad({
      ...load,
      requests: scenarioRequests(scenario, contender.routes),
      seconds: PROFILE_SECONDS,
    });
    requestsPerSecond = figures.requestsPerSecond;
    requests = figures.requests;
    failed = figures.non2xx + figures.errors;
  } finally {
    await server.stop();
  }
  if (!existsSync(profilePath)) throw new Error(`the server exited without writing ${profilePath}`);
  const summary = summariseProfile(JSON.parse(readFileSync(profilePath, 'utf8')) as CpuProfile);
  return { name, requestsPerSecond, requests, failed, ...summary };
}
