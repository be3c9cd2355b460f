import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureAdminBundle } from './extras/admin-bundle.js';
import { measureCliStartup } from './extras/cli-startup.js';
import { SEED_COUNT } from './fixtures/seed-pets.js';
import { documentsWithBenchTable, resultsJsonPath, resultsSummaryPath, resultsSvgPath } from './paths.js';
import { killAllServersNow, stopAllServers } from './processes/server-process.js';
import { readCpuTimes, stealShare } from './report/cpu-steal.js';
import { rateMeasurements } from './report/ratios.js';
import { type BenchResults, machineInfo, writeResults } from './report/results-file.js';
import { summarize, writeSummary } from './report/results-summary.js';
import { sourceRevision } from './report/source-revision.js';
import { svgChart } from './report/svg-chart.js';
import { reportText } from './report/table.js';
import { runBench } from './run-bench.js';
import { benchSettings } from './settings.js';

/** The connection count the chart shows: the one the targets are set at. */
const CHART_CONNECTIONS = 50;

const stealNote = (share: number | null) =>
  share === null ? '' : ` · host took ${Math.round(share * 100)}% of the CPU time`;

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

// Databases and logs of the contenders live here only for the run; /tmp is on disk here, not tmpfs, so commits
// pay for fsync as they would in a deployment.
const workDir = mkdtempSync(join(tmpdir(), 'animal-store-bench-'));
process.on('exit', killAllServersNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping the servers`);
    stopAllServers().finally(() => {
      rmSync(workDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

try {
  const settings = benchSettings(process.env);
  const startedAt = new Date().toISOString();
  const cpuTimesAtStart = readCpuTimes();
  log(
    `work folder ${workDir}; about 80 figures, each ${settings.warmupSeconds} s of warm-up and ` +
      `${settings.rounds} rounds of ${settings.measureSeconds[50]} s`,
  );
  const outcome = await runBench({ settings, workDir, log });
  const results: BenchResults = {
    formatVersion: 1,
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: machineInfo(),
    cpuStealShare: stealShare(cpuTimesAtStart, readCpuTimes()) ?? null,
    source: sourceRevision(),
    settings: { ...settings, seedAnimals: SEED_COUNT, storeLogLevel: 'info' },
    runs: rateMeasurements(outcome.measurements),
    servers: outcome.servers,
    extras: { adminBundle: measureAdminBundle(), cliStartup: measureCliStartup() },
    notes: outcome.notes,
  };
  writeResults(resultsJsonPath, results);
  writeSummary(resultsSummaryPath, documentsWithBenchTable, summarize(results));
  const { cpuCount, node } = results.machine;
  writeFileSync(
    resultsSvgPath,
    svgChart(
      results.runs,
      CHART_CONNECTIONS,
      `${results.finishedAt} · ${cpuCount} CPUs · Node ${node}${stealNote(results.cpuStealShare)}`,
    ),
  );
  process.stdout.write(
    `${reportText(results)}\n\nWrote ${resultsJsonPath}, ${resultsSummaryPath} (and its table in the README and\n` +
      `docs/performance.md) and ${resultsSvgPath}\n`,
  );
  if (outcome.notes.length > 0) process.exitCode = 1;
} finally {
  await stopAllServers();
  rmSync(workDir, { recursive: true, force: true });
}
