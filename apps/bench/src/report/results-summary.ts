import { readFileSync, writeFileSync } from 'node:fs';
import type { Scenario } from '../load/scenarios.js';
import type { BenchResults } from './results-file.js';
import { sortRuns } from './table.js';

/** The connection count of the summary: the one the performance targets are set at. */
const SUMMARY_CONNECTIONS = 50;

const MARKER_START = '<!-- bench-table:start (written by pnpm bench from bench/results-summary.json) -->';
const MARKER_END = '<!-- bench-table:end -->';

/** One scenario on one database at 50 connections: the store's figures and its ratios to each other contender. */
export interface SummaryRow {
  scenario: Scenario;
  database: 'sqlite' | 'postgres';
  storeRequestsPerSecond: number;
  storeP99Ms: number;
  /** Store req/s ÷ the contender's, two decimals; null when the contender was not measured. */
  vsNodeHttp: number | null;
  vsExpress: number | null;
  vsExpressBorn: number | null;
  vsJsonServer: number | null;
  vsFastify: number | null;
  vsExpressStock: number | null;
}

/** bench/results-summary.json: what a reader of the repository needs of the latest run, kept in git. */
export interface ResultsSummary {
  finishedAt: string;
  node: string;
  cpuCount: number;
  cpuModel: string;
  cpuStealShare: number | null;
  connections: number;
  rows: SummaryRow[];
  notes: string[];
}

const twoDecimals = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

export function summarize(results: BenchResults): ResultsSummary {
  const rows = sortRuns(results.runs)
    .filter((run) => run.contender === 'store' && run.connections === SUMMARY_CONNECTIONS)
    .filter((run) => run.database === 'sqlite' || run.database === 'postgres')
    .map((run) => ({
      scenario: run.scenario,
      database: run.database as SummaryRow['database'],
      storeRequestsPerSecond: Math.round(run.requestsPerSecond),
      storeP99Ms: run.latencyP99Ms,
      vsNodeHttp: twoDecimals(run.vsNodeHttp.throughput),
      vsExpress: twoDecimals(run.vsExpress.throughput),
      vsExpressBorn: twoDecimals(run.vsExpressBorn.throughput),
      vsJsonServer: twoDecimals(run.vsJsonServerThroughput),
      vsFastify: twoDecimals(run.vsFastify.throughput),
      vsExpressStock: twoDecimals(run.vsExpressStock.throughput),
    }));
  return {
    finishedAt: results.finishedAt,
    node: results.machine.node,
    cpuCount: results.machine.cpuCount,
    cpuModel: results.machine.cpuModel,
    cpuStealShare: results.cpuStealShare,
    connections: SUMMARY_CONNECTIONS,
    rows,
    notes: results.notes,
  };
}

const times = (value: number | null) => (value === null ? '–' : `${value.toFixed(2)}×`);

/** The summary as the Markdown table of the README and docs/performance.md. */
export function summaryTable(summary: ResultsSummary): string {
  const header = [
    'scenario (50 conn)',
    'db',
    'store req/s',
    '÷ (a) node:http',
    '÷ (b) Express',
    '÷ (b′) Express, same server setting',
    '÷ (c) json-server',
    '÷ (d) Fastify, same features',
    '÷ (e) Express, same features',
    'store p99 ms',
  ];
  const rows = summary.rows.map((row) => [
    row.scenario,
    row.database,
    String(row.storeRequestsPerSecond),
    times(row.vsNodeHttp),
    times(row.vsExpress),
    times(row.vsExpressBorn),
    times(row.vsJsonServer),
    times(row.vsFastify),
    times(row.vsExpressStock),
    String(row.storeP99Ms),
  ]);
  // Padded as the repository's formatter pads Markdown tables, so that a run leaves the documents formatted.
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const rightAligned = (column: number) => column >= 2;
  const pad = (cell: string, column: number) =>
    rightAligned(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0);
  const line = (cells: readonly string[]) => `| ${cells.map(pad).join(' | ')} |`;
  const rule = widths.map((width, column) =>
    rightAligned(column) ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width),
  );
  const steal =
    summary.cpuStealShare === null ? '' : `, host steal ${(summary.cpuStealShare * 100).toFixed(1)}%`;
  return [
    `\`pnpm bench\` of ${summary.finishedAt.slice(0, 16).replace('T', ' ')} UTC: Node ${summary.node}, ` +
      `${summary.cpuCount} CPUs (${summary.cpuModel})${steal}.`,
    '',
    line(header),
    `| ${rule.join(' | ')} |`,
    ...rows.map(line),
    ...summary.notes.map((note) => `\nNote: ${note}`),
  ].join('\n');
}

/** `document` with the text between its bench-table markers replaced by `table`; unchanged without markers. */
export function withBenchTable(document: string, table: string): string {
  const start = document.indexOf(MARKER_START);
  const end = document.indexOf(MARKER_END);
  if (start === -1 || end < start) return document;
  return `${document.slice(0, start + MARKER_START.length)}\n${table}\n${document.slice(end)}`;
}

export const BENCH_TABLE_MARKERS = { start: MARKER_START, end: MARKER_END };

export function writeSummary(
  summaryPath: string,
  documentPaths: readonly string[],
  summary: ResultsSummary,
): void {
  writeFileSync(summaryPath, `${JSON.stringify(summary, null, 2)}\n`);
  const table = summaryTable(summary);
  for (const path of documentPaths) writeFileSync(path, withBenchTable(readFileSync(path, 'utf8'), table));
}
