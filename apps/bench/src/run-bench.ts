import { join } from 'node:path';
import { contendersFor } from './contenders.js';
import type { DatabaseFixture } from './fixtures/database-fixture.js';
import { writeJsonServerDb } from './fixtures/json-server-db.js';
import { postgresFixture } from './fixtures/postgres-fixture.js';
import { sqliteFixture } from './fixtures/sqlite-fixture.js';
import { failedRequests } from './load/run-load.js';
import type { Measurement, ServerFigures } from './measurements.js';
import { runSuite, type SuiteContext, type SuiteTarget } from './run-suite.js';

export interface BenchOutcome {
  measurements: Measurement[];
  servers: ServerFigures[];
  /** What was skipped or failed, in words for the reader of the results. */
  notes: string[];
}

/**
 * Every database in turn, its contenders side by side (see runSuite); never two databases at once, nor two
 * contenders under load at once: they would share the 2 cores. A contender that fails is noted and the run goes on,
 * so one broken server does not cost the other figures.
 */
export async function runBench(context: SuiteContext): Promise<BenchOutcome> {
  const outcome: BenchOutcome = { measurements: [], servers: [], notes: [] };
  const runAll = async (target: SuiteTarget) => {
    const suite = await runSuite(contendersFor(target.kind), target, context);
    outcome.measurements.push(...suite.measurements);
    outcome.servers.push(...suite.servers);
    outcome.notes.push(...suite.failures);
    for (const m of suite.measurements.filter((run) => failedRequests(run) > 0)) {
      outcome.notes.push(
        `${m.contender} on ${m.database}, ${m.scenario} at ${m.connections} connections: ` +
          `${m.non2xx} non-2xx answers and ${m.errors} connection errors of ${m.requests} requests.`,
      );
    }
  };
  const onFixture = async (fixture: DatabaseFixture) => {
    try {
      await runAll({ kind: fixture.kind, url: fixture.url, reseed: fixture.reseed });
    } finally {
      await fixture.dispose();
    }
  };

  await onFixture(sqliteFixture(context.workDir));

  const dbJson = join(context.workDir, 'db.json');
  await runAll({ kind: 'json-file', url: dbJson, reseed: async () => writeJsonServerDb(dbJson) });

  const postgres = await postgresFixture(context.settings.postgresUrl).catch((error: Error) => {
    outcome.notes.push(
      `PostgreSQL skipped: cannot reach ${context.settings.postgresUrl} (${error.message}).`,
    );
    return undefined;
  });
  if (postgres) await onFixture(postgres);
  return outcome;
}
