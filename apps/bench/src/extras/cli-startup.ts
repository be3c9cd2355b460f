import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { benchNode } from '../bench-node.js';
import { repoRoot } from '../paths.js';
import type { Extras } from '../report/results-file.js';

const REPETITIONS = 10;
const TIMEOUT_MS = 10_000;

function timeMs(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(benchNode, args, { stdio: 'ignore', timeout: TIMEOUT_MS });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${result.status}`);
  return performance.now() - started;
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return ((sorted[(sorted.length - 1) >> 1] as number) + (sorted[sorted.length >> 1] as number)) / 2;
}

/**
 * Start-up of `animal-store --help` next to `node -e 0`: the difference is what the CLI itself costs a user on
 * every invocation.
 */
export function measureCliStartup(
  cliPath = join(repoRoot, 'apps/cli/dist/animal-store.js'),
): Extras['cliStartup'] {
  if (!existsSync(cliPath))
    return { measured: false, reason: 'apps/cli/dist/animal-store.js does not exist' };
  try {
    const help: number[] = [];
    const bare: number[] = [];
    // Alternated, so that a burst of load from elsewhere on the machine hits both sides alike.
    for (let run = 0; run < REPETITIONS; run += 1) {
      help.push(timeMs([cliPath, '--help']));
      bare.push(timeMs(['-e', '0']));
    }
    return {
      measured: true,
      helpMedianMs: median(help),
      nodeBaselineMedianMs: median(bare),
      repetitions: REPETITIONS,
    };
  } catch (error) {
    return { measured: false, reason: (error as Error).message };
  }
}
