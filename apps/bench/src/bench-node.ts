import { execFileSync } from 'node:child_process';

/**
 * The Node that runs the store, every baseline and the CLI: `BENCH_NODE` (the path of a `node` binary), or the Node
 * that runs the bench. Native modules (better-sqlite3) are built for one Node version per install, so BENCH_NODE
 * must be the Node the repository was installed with (docs/performance.md, "How to run").
 */
export const benchNode = process.env.BENCH_NODE ?? process.execPath;

/** The version of `benchNode`, e.g. v26.10.0. */
export function benchNodeVersion(): string {
  return execFileSync(benchNode, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
}
