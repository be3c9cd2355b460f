import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { requestHeaders } from '../contenders.js';
import type { DatabaseFixture } from '../fixtures/database-fixture.js';
import { runLoad } from '../load/run-load.js';
import { type Scenario, scenarioRequests } from '../load/scenarios.js';
import { profilesDir } from '../paths.js';
import { callgrindInstructions } from './callgrind-totals.js';
import { startSeeded } from './start-seeded.js';

/** Enough requests for V8 to have compiled the hot paths: fewer left compilation in the count. */
const WARM_UP_REQUESTS = 10_000;
const MEASURED_REQUESTS = 3_000;
const CONNECTIONS = 50;
/** A server under valgrind starts and migrates about fifty times slower than without. */
const READY_TIMEOUT_MS = 300_000;

export interface InstructionOutcome {
  name: string;
  /** Requests answered while counted. */
  requests: number;
  failed: number;
  /** Instructions of every thread of the server (JavaScript, V8, the driver, the C library), per request. */
  instructionsPerRequest: number;
}

/**
 * valgrind's control tool finds a server by a name built from USER, LOGNAME and HOST: both sides get the same
 * values (HOST is also the address the store binds, 127.0.0.1).
 */
const controlEnv = { USER: userInfo().username, LOGNAME: userInfo().username, HOST: '127.0.0.1' };

/**
 * A real server (the store, or bare Express) under callgrind, which counts the instructions it executes whatever
 * else the machine is doing. Counting is off during start-up and warm-up and switched on (`callgrind_control -i`)
 * for a fixed number of requests; callgrind writes the count when the server exits after SIGTERM.
 */
export async function countInstructions(
  fixture: DatabaseFixture,
  contenderId: 'store' | 'express',
  scenario: Scenario,
  workDir: string,
): Promise<InstructionOutcome> {
  const name = `${contenderId}-${fixture.kind}-${scenario}`;
  const outPath = join(profilesDir, `${name}.callgrind`);
  mkdirSync(profilesDir, { recursive: true });
  rmSync(outPath, { force: true });
  const seeded = await startSeeded(fixture, contenderId, {
    name,
    workDir,
    nodeArgs: [],
    env: controlEnv,
    launcher: ['valgrind', '--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${outPath}`],
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
  const instrumentation = (state: 'on' | 'off') =>
    execFileSync('callgrind_control', ['-i', state, String(seeded.server.pid)], {
      env: { ...process.env, ...controlEnv },
      stdio: 'ignore',
    });
  const load = {
    baseUrl: seeded.baseUrl,
    headers: requestHeaders,
    connections: CONNECTIONS,
    requests: scenarioRequests(scenario, seeded.contender.routes),
    seconds: 0,
    // Switching instrumentation on makes valgrind translate the server's code again: a pause of seconds.
    timeoutSeconds: 120,
  };
  let figures: Awaited<ReturnType<typeof runLoad>>;
  try {
    await runLoad({ ...load, amount: WARM_UP_REQUESTS });
    instrumentation('on');
    figures = await runLoad({ ...load, amount: MEASURED_REQUESTS });
    instrumentation('off');
  } finally {
    await seeded.server.stop();
  }
  const succeeded = figures.requests - figures.non2xx - figures.errors;
  return {
    name,
    requests: succeeded,
    failed: figures.non2xx + figures.errors,
    instructionsPerRequest: callgrindInstructions(readFileSync(outPath, 'utf8')) / Math.max(1, succeeded),
  };
}
