import { describe, expect, it } from 'vitest';
import type { BenchResults } from './results-file.js';
import { BENCH_TABLE_MARKERS, summarize, summaryTable, withBenchTable } from './results-summary.js';

const run = (contender: string, database: string, connections: number, requestsPerSecond: number) => ({
  scenario: 'getPet' as const,
  database,
  contender,
  connections,
  requestsPerSecond,
  latencyP50Ms: 3,
  latencyP99Ms: 9,
  requests: 6200,
  non2xx: 0,
  errors: 0,
  vsStore: { throughput: 1, p99: 1 },
  vsNodeHttp: { throughput: 0.5049, p99: 1.5 },
  vsExpress: { throughput: 1.6666, p99: null },
  vsExpressBorn: { throughput: null, p99: null },
  vsJsonServerThroughput: 10.123,
  vsFastify: { throughput: 1.256, p99: 0.5 },
  vsExpressStock: { throughput: 1.5049, p99: 0.4 },
});

const results = {
  finishedAt: '2026-01-01T00:07:00.000Z',
  machine: {
    cpuCount: 2,
    cpuModel: 'Test CPU',
    totalMemoryBytes: 1,
    node: 'v26.10.0',
    platform: 'linux-x64',
  },
  cpuStealShare: 0.001,
  runs: [
    run('store', 'sqlite', 50, 1234.5),
    run('store', 'sqlite', 1, 99),
    run('express', 'sqlite', 50, 740.7),
  ],
  notes: [],
} as unknown as BenchResults;

describe('the results summary', () => {
  it("keeps the store's rows at 50 connections, with every ratio rounded", () => {
    expect(summarize(results).rows).toStrictEqual([
      {
        scenario: 'getPet',
        database: 'sqlite',
        storeRequestsPerSecond: 1235,
        storeP99Ms: 9,
        vsNodeHttp: 0.5,
        vsExpress: 1.67,
        vsExpressBorn: null,
        vsJsonServer: 10.12,
        vsFastify: 1.26,
        vsExpressStock: 1.5,
      },
    ]);
  });

  it('renders as a table that replaces the one between the markers, and only that', () => {
    const table = summaryTable(summarize(results));
    expect(table).toContain('Node v26.10.0, 2 CPUs (Test CPU), host steal 0.1%.');
    expect(table).toContain(
      '| getPet             | sqlite |        1235 |           0.50× |         1.67× |                                   – |            10.12× |                        1.26× |                        1.50× |            9 |',
    );
    const document = `# Title\n\n${BENCH_TABLE_MARKERS.start}\nold table\n${BENCH_TABLE_MARKERS.end}\n\nAfter.\n`;
    expect(withBenchTable(document, table)).toBe(
      `# Title\n\n${BENCH_TABLE_MARKERS.start}\n${table}\n${BENCH_TABLE_MARKERS.end}\n\nAfter.\n`,
    );
    expect(withBenchTable('# No markers\n', table)).toBe('# No markers\n');
  });
});
