import { failedRequests } from '../load/run-load.js';
import { CONDITIONAL_SCENARIOS, SCENARIOS, type Scenario } from '../load/scenarios.js';
import type { Measurement, ServerFigures } from '../measurements.js';
import { type BenchSettings, measureSecondsFor } from '../settings.js';
import type { RatedMeasurement } from './ratios.js';
import type { BenchResults, Extras } from './results-file.js';

const DATABASE_ORDER = ['sqlite', 'json-file', 'postgres'];
const SCENARIO_ORDER: readonly Scenario[] = [...SCENARIOS, ...CONDITIONAL_SCENARIOS];
const CONTENDER_ORDER = [
  'store',
  'store-metrics',
  'store-tracing',
  'store-2-workers',
  'store-tiny-budget',
  'store-nothing-kept',
  'node-http',
  'express',
  'express-born',
  'fastify',
  'express-stock',
  'json-server',
];

const ratio = (value: number | null) => (value === null ? '–' : `${value.toFixed(2)}×`);

function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const align = header.map((_, index) => (index < 4 ? '---' : '---:'));
  return [line(header), line(align), ...rows.map(line)].join('\n');
}

/** Stable reading order: scenario, then connections, database and contender. */
export function sortRuns<T extends Measurement>(runs: readonly T[]): T[] {
  const key = (run: T) => [
    SCENARIO_ORDER.indexOf(run.scenario),
    run.connections,
    DATABASE_ORDER.indexOf(run.database),
    CONTENDER_ORDER.indexOf(run.contender),
  ];
  return [...runs].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    const differs = ka.findIndex((value, index) => value !== kb[index]);
    return differs === -1 ? 0 : (ka[differs] as number) - (kb[differs] as number);
  });
}

/**
 * The load figures: absolute, and as ratios to the store (what a variant's switch costs), (a) node:http,
 * (b) Express, (b′) Express on the store's server setting, (c) json-server, and the peers (d) Fastify and
 * (e) stock Express.
 */
export function runsTable(runs: readonly RatedMeasurement[]): string {
  const header = ['scenario', 'conns', 'db', 'contender', 'req/s', '÷ store', '÷ (a) http', '÷ (b) express'];
  header.push(
    '÷ (b′) express-born',
    '÷ (c) json-server',
    '÷ (d) fastify',
    '÷ (e) express-stock',
    'p50 ms',
    'p99 ms',
    'p99 ÷ (a)',
    'p99 ÷ (b)',
    'p99 ÷ (d)',
    'failed',
  );
  const rows = sortRuns(runs).map((run) => [
    run.scenario,
    String(run.connections),
    run.database,
    run.contender,
    String(Math.round(run.requestsPerSecond)),
    ratio(run.vsStore.throughput),
    ratio(run.vsNodeHttp.throughput),
    ratio(run.vsExpress.throughput),
    ratio(run.vsExpressBorn.throughput),
    ratio(run.vsJsonServerThroughput),
    ratio(run.vsFastify.throughput),
    ratio(run.vsExpressStock.throughput),
    String(run.latencyP50Ms),
    String(run.latencyP99Ms),
    ratio(run.vsNodeHttp.p99),
    ratio(run.vsExpress.p99),
    ratio(run.vsFastify.p99),
    String(failedRequests(run)),
  ]);
  return markdownTable(header, rows);
}

export function serversTable(servers: readonly ServerFigures[]): string {
  const rows = servers.map((server) => [
    server.contender,
    server.database,
    server.freshDatabase ? 'empty (migrations ran)' : 'seeded',
    String(server.processCount),
    String(Math.round(server.coldStartMs)),
    (server.residentBytesAfterRun / 1024 / 1024).toFixed(1),
  ]);
  return markdownTable(
    ['contender', 'db', 'database at start', 'processes', 'cold start ms', 'RSS MB'],
    rows,
  );
}

export function extrasLines(extras: Extras): string[] {
  const { adminBundle, cliStartup } = extras;
  return [
    adminBundle.measured
      ? `- Admin bundle: ${adminBundle.files} JavaScript file${adminBundle.files === 1 ? '' : 's'}, ` +
        `${(adminBundle.gzipBytes / 1024).toFixed(1)} KiB gzipped ` +
        `(${(adminBundle.rawBytes / 1024).toFixed(1)} KiB raw).`
      : `- Admin bundle: not measured (${adminBundle.reason}).`,
    cliStartup.measured
      ? `- \`animal-store --help\`: ${cliStartup.helpMedianMs.toFixed(0)} ms median against ` +
        `${cliStartup.nodeBaselineMedianMs.toFixed(0)} ms for \`node -e 0\` (${cliStartup.repetitions} runs each).`
      : `- \`animal-store --help\`: not measured (${cliStartup.reason}).`,
  ];
}

/** How disturbed the run was: on a shared virtual machine, the figures move most with this. */
function hostShare(cpuStealShare: number | null): string {
  if (cpuStealShare === null) return '';
  return ` The host took ${(cpuStealShare * 100).toFixed(1)}% of the CPU time during the run (steal, /proc/stat).`;
}

/** How long each round lasts, by connection count: `2 s at 50 connections`. */
const roundLengths = (settings: BenchSettings) =>
  settings.connections
    .map((connections) => `${measureSecondsFor(settings, connections)} s at ${connections} connections`)
    .join(' and ');

/** The whole report as printed at the end of a run and pasted into the docs. */
export function reportText(results: BenchResults): string {
  const { machine, settings, source } = results;
  const revision = `${source.commit.slice(0, 12)}${source.uncommittedServerChanges ? ' with uncommitted changes' : ''}`;
  return [
    `Animal Store bench, ${results.finishedAt}: ${machine.cpuCount} CPUs (os.cpus().length, ${machine.cpuModel}), ` +
      `Node ${machine.node}; ${settings.seedAnimals} animals; store at LOG_LEVEL=${settings.storeLogLevel}; ` +
      `${settings.rounds} rounds of ${roundLengths(settings)}, taken in turns, after ${settings.warmupSeconds} s ` +
      `of warm-up; ` +
      `server at ${revision}.${hostShare(results.cpuStealShare)}`,
    '',
    runsTable(results.runs),
    '',
    serversTable(results.servers),
    '',
    ...extrasLines(results.extras),
    ...results.notes.map((note) => `- Note: ${note}`),
  ].join('\n');
}
