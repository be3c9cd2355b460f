import { join } from 'node:path';
import { type Contender, requestHeaders } from './contenders.js';
import type { DatabaseKind } from './fixtures/database-fixture.js';
import { runLoad } from './load/run-load.js';
import { SCENARIOS, scenarioRequests } from './load/scenarios.js';
import type { Measurement, ServerFigures } from './measurements.js';
import { freePort } from './processes/free-port.js';
import { startServer } from './processes/server-process.js';
import { type BenchSettings, measureSecondsFor } from './settings.js';

export interface SuiteTarget {
  kind: DatabaseKind;
  /** DATABASE_URL, or the db.json path for json-server. */
  url: string;
  /** Puts the 10,000 seed animals in place, and only them. */
  reseed(): Promise<void>;
  /** True until the first contender has started on this database. */
  fresh: boolean;
}

export interface SuiteContext {
  settings: BenchSettings;
  workDir: string;
  log(line: string): void;
}

/**
 * One contender on one database: start it, run every scenario at every connection count, read its memory, stop it.
 * Creates run last so the reads of every contender see exactly the seed.
 */
export async function runSuite(
  contender: Contender,
  target: SuiteTarget,
  context: SuiteContext,
): Promise<{ measurements: Measurement[]; server: ServerFigures }> {
  const { settings } = context;
  // The store creates the tables itself and is seeded once they exist; the others start on the seeded tables.
  if (!contender.migrates) await target.reseed();
  const freshDatabase = target.fresh && contender.migrates;
  target.fresh = false;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServer({
    name: `${contender.id} on ${target.kind}`,
    ...contender.launch(port, target.url),
    readyUrl: `${baseUrl}${contender.readyPath}`,
    headers: requestHeaders,
    logPath: join(context.workDir, `${contender.id}-${target.kind}.log`),
  });
  try {
    if (contender.migrates) await target.reseed();
    const measurements: Measurement[] = [];
    for (const scenario of SCENARIOS) {
      for (const connections of contender.connections ?? settings.connections) {
        const load = { baseUrl, headers: requestHeaders, connections };
        await runLoad({
          ...load,
          requests: scenarioRequests(scenario, contender.routes),
          seconds: settings.warmupSeconds,
        });
        const figures = await runLoad({
          ...load,
          requests: scenarioRequests(scenario, contender.routes),
          seconds: measureSecondsFor(settings, connections),
        });
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
            (figures.non2xx + figures.errors > 0
              ? `, ${figures.non2xx} non-2xx, ${figures.errors} errors`
              : ''),
        );
      }
    }
    return {
      measurements,
      server: {
        contender: contender.id,
        database: target.kind,
        coldStartMs: server.coldStartMs,
        freshDatabase,
        residentBytesAfterRun: server.residentBytes(),
        processCount: server.processCount(),
      },
    };
  } finally {
    await server.stop();
  }
}
