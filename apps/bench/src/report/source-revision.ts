import { execFileSync } from 'node:child_process';
import { repoRoot } from '../paths.js';

export interface SourceRevision {
  /** The commit the measured server was built from, or 'unknown' outside a git checkout. */
  commit: string;
  /** True when the server or the contract had uncommitted changes: the figures then belong to no commit. */
  uncommittedServerChanges: boolean;
}

const git = (args: string[]) =>
  execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

export function sourceRevision(): SourceRevision {
  try {
    return {
      commit: git(['rev-parse', 'HEAD']),
      uncommittedServerChanges:
        git(['status', '--porcelain', '--', 'apps/server', 'packages/contract']) !== '',
    };
  } catch {
    return { commit: 'unknown', uncommittedServerChanges: false };
  }
}
