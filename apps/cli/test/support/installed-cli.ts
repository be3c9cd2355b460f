import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './checkout.js';
import { type CliResult, type RunOptions, runCommand } from './run-cli.js';

const run = promisify(execFile);

export interface InstalledCli {
  /** Runs `animal-store` by name, found on PATH in the install prefix. */
  run(args: string[], options?: RunOptions): Promise<CliResult>;
  /** Where npm put the package. */
  packageDir: string;
  remove(): Promise<void>;
}

/**
 * The install steps of the READMEs: the package packed from the checkout, then `npm install --global` from the
 * tarball, here into a temporary prefix instead of the machine's global one.
 */
export async function installPackedCli(): Promise<InstalledCli> {
  const dir = await mkdtemp(join(tmpdir(), 'animal-store-install-'));
  const prefix = join(dir, 'prefix');
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  await run('pnpm', ['--filter', '@animal-store/cli', 'pack', '--pack-destination', dir], {
    cwd: REPO_ROOT,
    env,
  });
  const tarball = (await readdir(dir)).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`pnpm pack left no tarball in ${dir}`);
  await run(
    'npm',
    ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', join(dir, tarball)],
    { env },
  );
  const path = `${join(prefix, 'bin')}:${env.PATH}`;
  return {
    run: (args, options = {}) =>
      runCommand('animal-store', args, { ...options, env: { ...options.env, PATH: path } }),
    packageDir: join(prefix, 'lib', 'node_modules', '@animal-store', 'cli'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
