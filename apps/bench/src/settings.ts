import { DEFAULT_POSTGRES_URL } from './fixtures/postgres-fixture.js';

export interface BenchSettings {
  connections: readonly number[];
  /** Measured rounds per contender, scenario and connection count, taken in turns with the other contenders. */
  rounds: number;
  /** Measured seconds per round, by connection count. */
  measureSeconds: Record<number, number>;
  /** Seconds of load thrown away before each measured run: JIT, connection pools and caches warm up. */
  warmupSeconds: number;
  postgresUrl: string;
}

/**
 * Chosen so that the whole `pnpm bench` takes about 10 minutes on a 2-core machine: three rounds per figure, at 50
 * connections only, where every target is set; the run has no room for a second connection count beside ten
 * contenders (docs/performance.md, "How to run"). BENCH_SCALE shortens or lengthens every round (e.g. 0.2 for a
 * smoke run of the harness itself).
 */
export function benchSettings(env: NodeJS.ProcessEnv): BenchSettings {
  const scale = env.BENCH_SCALE === undefined ? 1 : Number(env.BENCH_SCALE);
  if (!(scale > 0 && scale <= 10)) throw new Error('BENCH_SCALE must be a number above 0 and at most 10');
  const seconds = (base: number) => Math.max(1, Math.round(base * scale));
  return {
    connections: [50],
    rounds: 3,
    measureSeconds: { 50: seconds(2) },
    warmupSeconds: seconds(1),
    postgresUrl: env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_URL,
  };
}

/** Seconds to measure at a connection count; counts the settings do not name get the longest duration. */
export function measureSecondsFor(settings: BenchSettings, connections: number): number {
  return settings.measureSeconds[connections] ?? Math.max(...Object.values(settings.measureSeconds));
}
