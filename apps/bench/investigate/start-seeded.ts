import { join } from 'node:path';
import { type Contender, type ContenderId, contendersFor, requestHeaders } from '#bench/contenders.js';
import type { DatabaseFixture } from '#bench/fixtures/database-fixture.js';
import { type LoadFigures, runLoad } from '#bench/load/run-load.js';
import { type Scenario, scenarioRequests } from '#bench/load/scenarios.js';
import { repoRoot, storeMainPath } from '#bench/paths.js';
import type { RunningServer } from '#bench/processes/server-process.js';
import { startOnFreePort } from '#bench/processes/start-on-free-port.js';

/** Where the profiled servers' CPU profiles and callgrind counts go; git ignores the folder. */
export const profilesDir = `${repoRoot}bench/profiles`;

export interface SeededServer {
  contender: Contender;
  server: RunningServer;
  baseUrl: string;
  /** The headers its load sends, when not the bench key's. */
  headers?: Record<string, string>;
}

/**
 * Starts the store or another contender on the fixture for profiling, with `nodeArgs` before its script, on exactly
 * the seed animals: a contender that reads the tables the store made is seeded before it starts, the store, which
 * makes them, right after.
 */
export async function startSeeded(
  fixture: DatabaseFixture,
  contenderId: ContenderId,
  options: {
    name: string;
    workDir: string;
    nodeArgs: string[];
    env?: Record<string, string>;
    launcher?: readonly string[];
    readyTimeoutMs?: number;
    stopTimeoutMs?: number;
    /** For the store: another build's `main.js` to run, such as a measurement copy's. */
    storeMain?: string;
    /** The headers its load sends, when not the bench key's. */
    headers?: Record<string, string>;
  },
): Promise<SeededServer> {
  const contender = contendersFor(fixture.kind).find((contender) => contender.id === contenderId);
  if (!contender) throw new Error(`no ${contenderId} contender on ${fixture.kind}`);
  if (!contender.migrates) await fixture.reseed();
  const { server, baseUrl } = await startOnFreePort((port, baseUrl) => {
    const launch = contender.launch(port, fixture.url);
    return {
      name: options.name,
      args: [
        ...options.nodeArgs,
        ...launch.args.map((arg) => (arg === storeMainPath && options.storeMain ? options.storeMain : arg)),
      ],
      env: { ...launch.env, ...options.env },
      readyUrl: `${baseUrl}${contender.readyPath}`,
      headers: requestHeaders,
      logPath: join(options.workDir, `${options.name}.log`),
      launcher: options.launcher,
      readyTimeoutMs: options.readyTimeoutMs,
      stopTimeoutMs: options.stopTimeoutMs,
    };
  });
  try {
    if (contender.migrates) await fixture.reseed();
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { contender, server, baseUrl, headers: options.headers };
}

/** The name of a profiled server's log and profile files, e.g. `store-sqlite-getPet`. */
export function profiledServerName(
  contenderId: ContenderId,
  fixture: DatabaseFixture,
  scenario: Scenario,
): string {
  return `${contenderId}-${fixture.kind}-${scenario}`;
}

/** The load of every profile: the scenario's requests at 50 connections, as the targets of issue 6. */
export function profileLoad({ contender, baseUrl, headers }: SeededServer, scenario: Scenario) {
  return {
    baseUrl,
    headers: headers ?? requestHeaders,
    connections: 50,
    requests: scenarioRequests(scenario, contender.routes),
  };
}

/**
 * A second of warm-up, then `seconds` of the scenario, measured; `beforeMeasuring` runs in between (to start a
 * profiler that should not see the warm-up).
 */
export async function warmThenMeasure(
  seeded: SeededServer,
  scenario: Scenario,
  seconds: number,
  beforeMeasuring: () => void = () => {},
): Promise<LoadFigures> {
  const load = profileLoad(seeded, scenario);
  await runLoad({ ...load, seconds: 1 });
  beforeMeasuring();
  return runLoad({ ...load, seconds });
}
