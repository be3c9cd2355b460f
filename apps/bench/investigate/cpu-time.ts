import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ContenderId } from '#bench/contenders.js';
import type { DatabaseFixture } from '#bench/fixtures/database-fixture.js';
import { failedRequests, runLoad } from '#bench/load/run-load.js';
import type { Scenario } from '#bench/load/scenarios.js';
import { type GcTrace, readGcTrace } from './gc-trace.js';
import { profiledServerName, profileLoad, type SeededServer, startSeeded } from './start-seeded.js';
import { type CpuSpent, cpuSpentBetween, readThreadTimes } from './thread-times.js';
import { withSqliteFixture } from './with-sqlite-fixture.js';

const SCENARIOS: Scenario[] = ['getPet', 'listPets'];
/** The store, the peer that is its equal by time though it runs more instructions, and Express at its best. */
const CONTENDERS: ContenderId[] = ['store', 'fastify', 'express-born'];
const WARM_UP_SECONDS = 2;
const ROUNDS = 3;
const ROUND_SECONDS = 3;

/** A server under measurement, and where its output (with `--trace-gc`'s lines) goes. */
export interface TimedServer {
  name: string;
  seeded: SeededServer;
  logPath: string;
}

export interface Tally {
  name: string;
  requests: number;
  failed: number;
  loadSeconds: number;
  cpu: CpuSpent;
  gc: Omit<GcTrace, 'allocatedBytes' | 'allocationSpanMs'>;
  /** Bytes allocated between a round's first and last collection, and the requests served in that time. */
  allocatedBytes: number;
  requestsWhileAllocating: number;
}

const sizeOf = (path: string) => statSync(path).size;
const outputBetween = (path: string, from: number, to: number) =>
  readFileSync(path).subarray(from, to).toString('utf8');

/** One round of one server: the load for `seconds`, its threads' CPU time and its collections over exactly that. */
async function measureRound(server: TimedServer, scenario: Scenario, tally: Tally): Promise<void> {
  const { pid } = server.seeded.server;
  const before = readThreadTimes(pid);
  const logFrom = sizeOf(server.logPath);
  const figures = await runLoad({ ...profileLoad(server.seeded, scenario), seconds: ROUND_SECONDS });
  const cpu = cpuSpentBetween(pid, before, readThreadTimes(pid));
  const gc = readGcTrace(outputBetween(server.logPath, logFrom, sizeOf(server.logPath)));
  tally.requests += figures.requests;
  tally.failed += failedRequests(figures);
  tally.loadSeconds += ROUND_SECONDS;
  tally.cpu.mainUser += cpu.mainUser;
  tally.cpu.mainSystem += cpu.mainSystem;
  tally.cpu.otherThreads += cpu.otherThreads;
  tally.gc.young += gc.young;
  tally.gc.full += gc.full;
  tally.gc.pauseMs += gc.pauseMs;
  tally.allocatedBytes += gc.allocatedBytes;
  tally.requestsWhileAllocating += (figures.requests * gc.allocationSpanMs) / 1000 / ROUND_SECONDS;
}

/**
 * Where each server's CPU time goes, a request at a time: its main thread in user space and in the kernel, its
 * other threads (V8's collector and compiler helpers, libuv's pool) and the main thread's time in the collector.
 * The servers take turns, a round each, each round starting one further, as `pnpm bench` does.
 */
export async function cpuTimeSideBySide(servers: TimedServer[], scenario: Scenario): Promise<string> {
  for (const server of servers) {
    await runLoad({ ...profileLoad(server.seeded, scenario), seconds: WARM_UP_SECONDS });
  }
  const tallies = servers.map<Tally>((server) => ({
    name: server.name,
    requests: 0,
    failed: 0,
    loadSeconds: 0,
    cpu: { mainUser: 0, mainSystem: 0, otherThreads: 0 },
    gc: { young: 0, full: 0, pauseMs: 0 },
    allocatedBytes: 0,
    requestsWhileAllocating: 0,
  }));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let turn = 0; turn < servers.length; turn += 1) {
      const index = (round + turn) % servers.length;
      await measureRound(servers[index] as TimedServer, scenario, tallies[index] as Tally);
    }
  }
  return cpuTimeTable(scenario, tallies);
}

const cell = (value: number, digits = 1) => value.toFixed(digits).padStart(9);

export function cpuTimeTable(scenario: Scenario, tallies: Tally[]): string {
  const micros = (seconds: number, tally: Tally) => (seconds * 1e6) / Math.max(1, tally.requests);
  const header = [
    'req/s',
    'main user',
    'main kernel',
    'other threads',
    'CPU total',
    'in the GC',
    'young/1k',
    'full/1k',
    'KiB alloc',
  ];
  const nameWidth = Math.max(14, ...tallies.map((tally) => tally.name.length));
  const rows = tallies.map((tally) => {
    const { mainUser, mainSystem, otherThreads } = tally.cpu;
    return [
      tally.name.padEnd(nameWidth),
      cell(tally.requests / tally.loadSeconds, 0),
      cell(micros(mainUser, tally)),
      cell(micros(mainSystem, tally)),
      cell(micros(otherThreads, tally)),
      cell(micros(mainUser + mainSystem + otherThreads, tally)),
      cell(micros(tally.gc.pauseMs / 1000, tally)),
      cell((tally.gc.young * 1000) / Math.max(1, tally.requests), 2),
      cell((tally.gc.full * 1000) / Math.max(1, tally.requests), 3),
      cell(tally.allocatedBytes / 1024 / Math.max(1, tally.requestsWhileAllocating)),
      tally.failed > 0 ? `  ${tally.failed} failed` : '',
    ].join(' ');
  });
  return [
    `${scenario} on SQLite, 50 connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s in turns: µs of CPU a request ` +
      '(main thread in user space and in the kernel, other threads, all), the main thread in the collector, ' +
      'collections per 1,000 requests, KiB allocated a request (from the heap sizes the collections print)',
    `${''.padEnd(nameWidth)} ${header.map((title) => title.padStart(9)).join(' ')}`,
    ...rows,
    '',
  ].join('\n');
}

async function startTimed(
  fixture: DatabaseFixture,
  contenderId: ContenderId,
  scenario: Scenario,
  workDir: string,
): Promise<TimedServer> {
  const name = `${profiledServerName(contenderId, fixture, scenario)}-cpu`;
  const seeded = await startSeeded(fixture, contenderId, { name, workDir, nodeArgs: ['--trace-gc'] });
  return { name: contenderId, seeded, logPath: join(workDir, `${name}.log`) };
}

/**
 * Starts the servers one by one, measures them side by side and stops every one it started, also when a start or
 * the measurement fails.
 */
export async function startAndMeasure(
  scenario: Scenario,
  starts: readonly (() => Promise<TimedServer>)[],
  /** Run once every server is up, before the first request: to set up what the starts would undo. */
  beforeLoad: () => void = () => {},
): Promise<string> {
  const servers: TimedServer[] = [];
  try {
    for (const start of starts) servers.push(await start());
    beforeLoad();
    return await cpuTimeSideBySide(servers, scenario);
  } finally {
    for (const server of servers) await server.seeded.server.stop();
  }
}

/** The store, Fastify with the same features and bare Express, side by side on SQLite, by thread and collector. */
export async function cpuTime(): Promise<void> {
  await withSqliteFixture('cpu-time', async (fixture, workDir) => {
    for (const scenario of SCENARIOS) {
      const starts = CONTENDERS.map((id) => () => startTimed(fixture, id, scenario, workDir));
      process.stdout.write(`${await startAndMeasure(scenario, starts)}\n`);
    }
  });
}
