import { join } from 'node:path';
import { type Contender, requestHeaders } from './contenders.js';
import type { DatabaseKind } from './fixtures/database-fixture.js';
import { combineRounds } from './load/combine-rounds.js';
import { failedRequests, type LoadFigures, runLoad } from './load/run-load.js';
import { SCENARIOS, type Scenario, scenarioRequests } from './load/scenarios.js';
import type { Measurement, ServerFigures } from './measurements.js';
import type { RunningServer } from './processes/server-process.js';
import { startOnFreePort } from './processes/start-on-free-port.js';
import { type BenchSettings, measureSecondsFor } from './settings.js';
import { startTraceSink, type TraceSink } from './trace-sink/trace-sink.js';

export interface SuiteTarget {
  kind: DatabaseKind;
  /** DATABASE_URL, or the db.json path for json-server. */
  url: string;
  /** Puts the 10,000 seed animals in place, and only them. */
  reseed(): Promise<void>;
}

export interface SuiteContext {
  settings: BenchSettings;
  /** The scenarios to run; the bench's own (SCENARIOS) by default. */
  scenarios?: readonly Scenario[];
  workDir: string;
  log(line: string): void;
}

export interface SuiteOutcome {
  measurements: Measurement[];
  servers: ServerFigures[];
  /** Contenders that could not be started, in words. */
  failures: string[];
}

interface Started {
  contender: Contender;
  server: RunningServer;
  baseUrl: string;
  freshDatabase: boolean;
  /** Where it sends its spans, when it exports traces. */
  traceSink: TraceSink | undefined;
}

/** The contender's environment, with the sink its spans go to, if any. */
function withTraceSink(env: Record<string, string>, traceSink: TraceSink | undefined) {
  return traceSink ? { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: traceSink.origin } : env;
}

/**
 * Starts the contenders one by one on the target. The store creates the tables and is seeded once they exist; a
 * contender that does not migrate needs the seeded tables before it starts. One that fails to start is reported
 * and the others go on.
 */
async function startAll(contenders: readonly Contender[], target: SuiteTarget, context: SuiteContext) {
  const started: Started[] = [];
  const failures: string[] = [];
  let seeded = false;
  for (const contender of contenders) {
    let traceSink: TraceSink | undefined;
    try {
      if (!contender.migrates && !seeded) {
        await target.reseed();
        seeded = true;
      }
      if (contender.exportsTraces) {
        traceSink = await startTraceSink(join(context.workDir, `otlp-sink-${target.kind}.log`));
      }
      const { server, baseUrl } = await startOnFreePort((port, baseUrl) => {
        const { args, env } = contender.launch(port, target.url);
        return {
          name: `${contender.id} on ${target.kind}`,
          args,
          env: withTraceSink(env, traceSink),
          readyUrl: `${baseUrl}${contender.readyPath}`,
          headers: requestHeaders,
          logPath: join(context.workDir, `${contender.id}-${target.kind}.log`),
        };
      });
      // The first contender that migrates starts on an empty database and creates the tables to seed.
      const freshDatabase = contender.migrates && !seeded;
      if (freshDatabase) {
        await target.reseed();
        seeded = true;
      }
      started.push({ contender, server, baseUrl, freshDatabase, traceSink });
    } catch (error) {
      await traceSink?.stop();
      const failure = `${contender.id} on ${target.kind} failed: ${(error as Error).message}`;
      failures.push(failure);
      context.log(failure);
    }
  }
  return { started, failures };
}

/**
 * The contenders in turns, each round starting one further along: no contender always runs right after the same
 * one, so whatever a run leaves behind (a busy PostgreSQL, dirty pages, a warm cache) falls on each in turn.
 */
export function inTurnsFrom<T>(contenders: readonly T[], round: number): T[] {
  const start = round % contenders.length;
  return [...contenders.slice(start), ...contenders.slice(0, start)];
}

/**
 * Every contender on one database, side by side: all are started, then for each scenario and connection count
 * every contender is warmed up and measured in rounds taken in turns, each round starting one contender further, so
 * that the figures of a ratio are measured seconds apart and a stall of the shared machine falls on one round of
 * each rather than on one contender. Only one contender is under load at a time; the others wait idle.
 * Creates come after the reads, so every read sees the seed (later creates only append animals after it).
 */
export async function runSuite(
  contenders: readonly Contender[],
  target: SuiteTarget,
  context: SuiteContext,
): Promise<SuiteOutcome> {
  const { settings } = context;
  const { started, failures } = await startAll(contenders, target, context);
  try {
    const measurements: Measurement[] = [];
    for (const scenario of context.scenarios ?? SCENARIOS) {
      for (const connections of settings.connections) {
        const run = (entry: Started, seconds: number) =>
          runLoad({
            baseUrl: entry.baseUrl,
            headers: requestHeaders,
            connections,
            requests: scenarioRequests(scenario, entry.contender.routes),
            seconds,
          });
        for (const entry of started) await run(entry, settings.warmupSeconds);
        const rounds = new Map<Started, LoadFigures[]>(started.map((entry) => [entry, []]));
        for (let round = 0; round < settings.rounds; round++) {
          for (const entry of inTurnsFrom(started, round)) {
            rounds.get(entry)?.push(await run(entry, measureSecondsFor(settings, connections)));
          }
        }
        for (const [{ contender }, figuresOfRounds] of rounds) {
          const figures = combineRounds(figuresOfRounds);
          measurements.push({
            scenario,
            database: target.kind,
            contender: contender.id,
            connections,
            ...figures,
          });
          context.log(
            `${contender.id} · ${target.kind} · ${scenario} · ${connections} conn: ` +
              `${Math.round(figures.requestsPerSecond)} req/s, p99 ${figures.latencyP99Ms} ms` +
              (failedRequests(figures) > 0 ? `, ${figures.non2xx} non-2xx, ${figures.errors} errors` : ''),
          );
        }
      }
    }
    for (const { contender, traceSink } of started) {
      if (!traceSink) continue;
      const { exports, bytes } = await traceSink.received();
      context.log(
        `${contender.id} · ${target.kind}: the OTLP sink read ${exports} exports, ` +
          `${(bytes / 1024 / 1024).toFixed(1)} MiB`,
      );
    }
    const servers = started.map(({ contender, server, freshDatabase }) => ({
      contender: contender.id,
      database: target.kind,
      coldStartMs: server.coldStartMs,
      freshDatabase,
      residentBytesAfterRun: server.residentBytes(),
      processCount: server.processCount(),
    }));
    return { measurements, servers, failures };
  } finally {
    // A sink outlives its contender, which sends its last spans as it stops.
    await Promise.all(
      started.map(async ({ server, traceSink }) => {
        await server.stop();
        await traceSink?.stop();
      }),
    );
  }
}
