import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { benchNodeVersion } from '../bench-node.js';
import type { ServerFigures } from '../measurements.js';
import type { BenchSettings } from '../settings.js';
import type { RatedMeasurement } from './ratios.js';
import type { SourceRevision } from './source-revision.js';

export interface MachineInfo {
  cpuCount: number;
  cpuModel: string;
  totalMemoryBytes: number;
  node: string;
  platform: string;
}

/** Extra measurements that are not load runs; each is either a figure or the reason it was skipped. */
export type Extra<T> = ({ measured: true } & T) | { measured: false; reason: string };

export interface Extras {
  adminBundle: Extra<{ files: number; gzipBytes: number; rawBytes: number }>;
  cliStartup: Extra<{ helpMedianMs: number; nodeBaselineMedianMs: number; repetitions: number }>;
}

/** bench/results/latest.json: the latest run, whole, so that a table or chart can be rebuilt from it. */
export interface BenchResults {
  formatVersion: 1;
  startedAt: string;
  finishedAt: string;
  machine: MachineInfo;
  /** Share of the machine's CPU time the host took during the run (steal, from /proc/stat); null where unknown. */
  cpuStealShare: number | null;
  source: SourceRevision;
  settings: BenchSettings & { seedAnimals: number; storeLogLevel: string };
  runs: RatedMeasurement[];
  servers: ServerFigures[];
  extras: Extras;
  notes: string[];
}

export function machineInfo(): MachineInfo {
  const list = cpus();
  return {
    cpuCount: list.length,
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    totalMemoryBytes: totalmem(),
    node: benchNodeVersion(),
    platform: `${process.platform}-${process.arch}`,
  };
}

export function writeResults(path: string, results: BenchResults): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
}
