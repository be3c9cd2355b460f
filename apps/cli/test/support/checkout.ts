import { mkdir, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CliResult, type RunOptions, runCommand } from './run-cli.js';

/** The root of the repository this test runs in. */
export const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** The checkout invocation the READMEs document: `pnpm --silent cli …`, in the folder given as `cwd`. */
export const runCheckoutCli = (args: string[], options: RunOptions = {}): Promise<CliResult> =>
  runCommand('pnpm', ['--silent', 'cli', ...args], { cwd: REPO_ROOT, ...options });

/** A new folder inside the repository (under the ignored `data/`), as a user's working folder. */
export async function folderInRepo(): Promise<string> {
  await mkdir(join(REPO_ROOT, 'data'), { recursive: true });
  return mkdtemp(join(REPO_ROOT, 'data', 'cli-test-'));
}
