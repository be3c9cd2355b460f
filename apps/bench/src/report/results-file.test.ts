import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type BenchResults, machineInfo, writeResults } from './results-file.js';
import { reportText } from './table.js';

const dir = mkdtempSync(join(tmpdir(), 'bench-results-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const results: BenchResults = {
  formatVersion: 1,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:07:00.000Z',
  machine: {
    cpuCount: 2,
    cpuModel: 'Test CPU',
    totalMemoryBytes: 1024,
    node: 'v20.20.0',
    platform: 'linux-x64',
  },
  cpuStealShare: 0.125,
  source: { commit: '0123456789abcdef0123456789abcdef01234567', uncommittedServerChanges: true },
  settings: {
    connections: [50],
    rounds: 3,
    measureSeconds: { 50: 2 },
    warmupSeconds: 1,
    postgresUrl: 'postgres://postgres@127.0.0.1:5432/test',
    seedAnimals: 10_000,
    storeLogLevel: 'info',
  },
  runs: [
    {
      scenario: 'getPet',
      database: 'postgres',
      contender: 'store',
      connections: 50,
      requestsPerSecond: 1234.5,
      latencyP50Ms: 3,
      latencyP99Ms: 9,
      requests: 6200,
      non2xx: 0,
      errors: 0,
      vsStore: { throughput: 1, p99: 1 },
      vsNodeHttp: { throughput: 0.5, p99: 1.5 },
      vsExpress: { throughput: 0.8, p99: null },
      vsExpressBorn: { throughput: 0.6, p99: 1.2 },
      vsJsonServerThroughput: null,
      vsFastify: { throughput: 1.3, p99: 0.5 },
      vsExpressStock: { throughput: null, p99: null },
    },
  ],
  servers: [
    {
      contender: 'store',
      database: 'postgres',
      coldStartMs: 412.3,
      freshDatabase: true,
      residentBytesAfterRun: 100 * 1024 * 1024,
      processCount: 1,
    },
  ],
  extras: {
    adminBundle: { measured: false, reason: 'apps/admin/dist does not exist' },
    cliStartup: { measured: true, helpMedianMs: 80, nodeBaselineMedianMs: 40, repetitions: 10 },
  },
  notes: ['json-server on json-file failed: test'],
};

describe('the results file', () => {
  it('round-trips through JSON unchanged, with every section present', () => {
    const path = join(dir, 'nested', 'results.json');
    writeResults(path, results);
    const written = readFileSync(path, 'utf8');
    expect(written.endsWith('}\n')).toBe(true);
    expect(JSON.parse(written)).toStrictEqual(results);
    expect(Object.keys(JSON.parse(written))).toStrictEqual([
      'formatVersion',
      'startedAt',
      'finishedAt',
      'machine',
      'cpuStealShare',
      'source',
      'settings',
      'runs',
      'servers',
      'extras',
      'notes',
    ]);
  });

  it('records the CPU count the figures were measured with', () => {
    const machine = machineInfo();
    expect(machine.cpuCount).toBeGreaterThan(0);
    // The Node the servers run on: BENCH_NODE, or this one.
    expect(machine.node).toMatch(/^v\d+\.\d+\.\d+$/);
  });

  it('renders as a report with the absolute figures, the ratios, the servers and every note', () => {
    const text = reportText(results);
    expect(text).toContain('2 CPUs (os.cpus().length, Test CPU)');
    expect(text).toContain('server at 0123456789ab with uncommitted changes');
    expect(text).toContain('The host took 12.5% of the CPU time during the run (steal, /proc/stat).');
    expect(text).toContain('3 rounds of 2 s at 50 connections, taken in turns, after 1 s of warm-up;');
    expect(text).toContain(
      '| getPet | 50 | postgres | store | 1235 | 1.00× | 0.50× | 0.80× | 0.60× | – | 1.30× | – | 3 | 9 | 1.50× | – | 0.50× | 0 |',
    );
    expect(text).toContain('| store | postgres | empty (migrations ran) | 1 | 412 | 100.0 |');
    expect(text).toContain('- Admin bundle: not measured (apps/admin/dist does not exist).');
    expect(text).toContain(
      '- `animal-store --help`: 80 ms median against 40 ms for `node -e 0` (10 runs each).',
    );
    expect(text).toContain('- Note: json-server on json-file failed: test');
  });
});
