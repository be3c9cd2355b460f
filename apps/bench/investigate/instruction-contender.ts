import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { ContenderId } from '#bench/contenders.js';
import type { DatabaseFixture } from '#bench/fixtures/database-fixture.js';
import { failedRequests, type LoadFigures, runLoad } from '#bench/load/run-load.js';
import type { Scenario } from '#bench/load/scenarios.js';
import { callgrindInstructions } from './callgrind-totals.js';
import { profiledServerName, profileLoad, profilesDir, startSeeded } from './start-seeded.js';

/** Enough requests for V8 to have compiled the hot paths: fewer left compilation in the count. */
const WARM_UP_REQUESTS = 10_000;
const MEASURED_REQUESTS = 3_000;
/** A server under valgrind starts, migrates and shuts down about fifty times slower than without. */
const READY_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 120_000;

export interface InstructionOutcome {
  name: string;
  /** Requests answered while counted. */
  requests: number;
  failed: number;
  /** Instructions of every thread of the server (JavaScript, V8, the driver, the C library), per request. */
  instructionsPerRequest: number;
}

/**
 * valgrind's control tool finds a server through a pipe named after USER, LOGNAME and HOST in TMPDIR: both sides
 * get the same values (HOST is also the address the store binds, 127.0.0.1). PATH lets the launcher be found.
 */
const controlEnv = {
  USER: userInfo().username,
  LOGNAME: userInfo().username,
  HOST: '127.0.0.1',
  TMPDIR: process.env.TMPDIR ?? '/tmp',
  PATH: process.env.PATH ?? '/usr/bin:/bin',
};

/** Switches counting on or off; callgrind_control exits 0 even when it reached no server, so its answer is read. */
function switchCounting(pid: number, state: 'on' | 'off'): void {
  const answer = execFileSync('callgrind_control', ['-i', state, String(pid)], {
    env: { ...process.env, ...controlEnv },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (!/\bOK\b/.test(answer))
    throw new Error(`callgrind_control -i ${state} ${pid} failed: ${answer.trim()}`);
}

/**
 * A real server (the store, or bare Express) under callgrind, which counts the instructions it executes whatever
 * else the machine is doing. Counting is off during start-up and warm-up and switched on (`callgrind_control -i`)
 * for a fixed number of requests; callgrind writes the count when the server exits after SIGTERM.
 */
export async function countInstructions(
  fixture: DatabaseFixture,
  contenderId: ContenderId,
  scenario: Scenario,
  workDir: string,
  /** A variant of the contender: its name (e.g. `metrics`), the variables that make it, or a measurement copy. */
  variant?: { name: string; env: Record<string, string>; storeMain?: string },
): Promise<InstructionOutcome> {
  const name = `${profiledServerName(contenderId, fixture, scenario)}${variant ? `-${variant.name}` : ''}`;
  const outPath = join(profilesDir, `${name}.callgrind`);
  mkdirSync(profilesDir, { recursive: true });
  rmSync(outPath, { force: true });
  const seeded = await startSeeded(fixture, contenderId, {
    name,
    workDir,
    nodeArgs: [],
    env: { ...variant?.env, ...controlEnv },
    storeMain: variant?.storeMain,
    launcher: ['valgrind', '--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${outPath}`],
    readyTimeoutMs: READY_TIMEOUT_MS,
    stopTimeoutMs: STOP_TIMEOUT_MS,
  });
  const load = {
    ...profileLoad(seeded, scenario),
    // Ignored: each load is a number of requests.
    seconds: 0,
    // Switching instrumentation on makes valgrind translate the server's code again: a pause of seconds.
    timeoutSeconds: 120,
  };
  let figures: LoadFigures;
  try {
    await runLoad({ ...load, amount: WARM_UP_REQUESTS });
    switchCounting(seeded.server.pid, 'on');
    figures = await runLoad({ ...load, amount: MEASURED_REQUESTS });
    switchCounting(seeded.server.pid, 'off');
  } finally {
    await seeded.server.stop();
  }
  // autocannon counts responses; errors (timeouts, resets) are requests that never got one.
  const succeeded = figures.requests - figures.non2xx;
  const instructions = callgrindInstructions(readFileSync(outPath, 'utf8'));
  if (instructions === 0 || succeeded === 0) throw new Error(`${name}: nothing was counted (${outPath})`);
  return {
    name,
    requests: succeeded,
    failed: failedRequests(figures),
    instructionsPerRequest: instructions / succeeded,
  };
}
