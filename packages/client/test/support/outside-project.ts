import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../fixtures/outside-project/', import.meta.url));
const README = fileURLToPath(new URL('../../README.md', import.meta.url));

/**
 * The machine's environment, which carries its npm configuration (HOME and its .npmrc, certificate authorities,
 * proxies), without what pnpm and vitest set for their own run: the outside project knows neither.
 */
const ENV: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !/^(npm_|pnpm_|vitest)/i.test(entry[0]),
    ),
  ),
  NODE_ENV: 'development',
  CI: 'true',
};

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end with no stdin, resolving (not rejecting) with its exit code and output. */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      { cwd: options.cwd, env: { ...ENV, ...options.env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end();
  });
}

async function mustRun(command: string, args: string[], cwd: string): Promise<string> {
  const result = await runCommand(command, args, { cwd });
  if (result.code !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited with ${result.code}:\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

export interface Tarballs {
  contract: string;
  client: string;
  remove(): Promise<void>;
}

/**
 * The README's pack command, as a reader copies it: the line that packs the contract and the client into
 * `/tmp/animal-store`, the folder it names replaced by `destination`.
 */
export async function readmePackCommand(destination: string): Promise<string> {
  const readme = await readFile(README, 'utf8');
  const line = /^pnpm .*\bpack --pack-destination \/tmp\/animal-store$/m.exec(readme)?.[0];
  if (line === undefined) throw new Error('the README has no pack command into /tmp/animal-store');
  return line.replace('/tmp/animal-store', destination);
}

/**
 * This checkout as a fresh clone has it: the files git tracks or would track (so never a `dist/` or a
 * `node_modules/`), with the working tree's changes, installed by `pnpm install` and nothing else (no build).
 */
async function freshClone(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'animal-store-clone-'));
  const listed = await mustRun(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    REPO_ROOT,
  );
  const files = listed.split('\0').filter((file) => file !== '' && existsSync(join(REPO_ROOT, file)));
  for (const file of files) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await copyFile(join(REPO_ROOT, file), join(dir, file));
  }
  // Only the packages packed and what they need; offline, from the store this checkout's install filled.
  await mustRun(
    'pnpm',
    ['install', '--offline', '--frozen-lockfile', '--filter', '@animal-store/client...'],
    dir,
  );
  return dir;
}

/**
 * The contract and the client as they would be published, packed by the README's own command in a fresh clone after
 * `pnpm install` alone: the packages' `prepack` builds what they pack. pnpm pack writes their `workspace:` ranges as
 * versions.
 */
export async function packTarballs(): Promise<Tarballs> {
  const [clone, dir] = await Promise.all([freshClone(), mkdtemp(join(tmpdir(), 'animal-store-tarballs-'))]);
  try {
    await mustRun('sh', ['-c', await readmePackCommand(dir)], clone);
  } finally {
    await rm(clone, { recursive: true, force: true });
  }
  const names = await readdir(dir);
  const find = (prefix: string) => {
    const name = names.find((each) => each.startsWith(prefix) && each.endsWith('.tgz'));
    if (name === undefined) throw new Error(`pnpm pack left no ${prefix}*.tgz in ${dir}`);
    return join(dir, name);
  };
  return {
    contract: find('animal-store-contract-'),
    client: find('animal-store-client-'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

export interface OutsideProject {
  dir: string;
  /** Runs a command installed in the project (`tsc`), or any on PATH, in the project's folder. */
  run(command: string, args: string[], env?: Record<string, string>): Promise<CommandResult>;
  /** The version of a package as installed in the project: `zod`, or `@animal-store/client/node_modules/zod`. */
  versionOf(name: string): Promise<string>;
  remove(): Promise<void>;
}

/**
 * A new npm project in the system's temporary folder, as a developer starts one, with its packages installed by
 * plain `npm install`, the given sources of fixtures/outside-project in `src` and the README's example beside them.
 */
export async function createOutsideProject(options: {
  name: string;
  /** What `npm install` is given: tarballs and registry specs. */
  install: string[];
  /** Files of fixtures/outside-project, copied to the same paths under `src`. */
  sources: string[];
}): Promise<OutsideProject> {
  const dir = await mkdtemp(join(tmpdir(), `${options.name}-`));
  const manifest = { name: options.name, version: '1.0.0', private: true, type: 'module' };
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // --prefer-offline: what npm's cache already holds is taken without asking the registry again (a developer's
  // second install does the same); what it lacks is fetched. Dozens of revalidations fewer on every run.
  await mustRun('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...options.install], dir);

  for (const file of options.sources) {
    await mkdir(dirname(join(dir, 'src', file)), { recursive: true });
    await copyFile(join(FIXTURES, file), join(dir, 'src', file));
  }
  for (const file of (await readdir(FIXTURES)).filter((name) => /^tsconfig\..*\.json$/.test(name))) {
    await copyFile(join(FIXTURES, file), join(dir, file));
  }
  await writeFile(join(dir, 'src', 'readme-example.ts'), await readmeExample());

  const binDir = join(dir, 'node_modules', '.bin');
  return {
    dir,
    run: (command, args, env) =>
      runCommand(command, args, { cwd: dir, env: { ...env, PATH: `${binDir}:${ENV.PATH}` } }),
    versionOf: async (name) =>
      (
        JSON.parse(await readFile(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as {
          version: string;
        }
      ).version,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The README's first TypeScript example, as a reader copies it. */
export async function readmeExample(): Promise<string> {
  const readme = await readFile(README, 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  if (example === undefined) throw new Error('the README has no TypeScript example');
  return example;
}

/**
 * The files that tsc's plain output reports errors in, each once. A line that is neither an error of a file nor
 * the indented rest of one (a global error, a summary) is kept whole, so that a check of the files shows it.
 */
export function filesWithErrors(output: string): string[] {
  const files = output
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s/.test(line))
    .map((line) => /^(.+?)\(\d+,\d+\): error TS\d+:/.exec(line)?.[1] ?? line);
  return [...new Set(files)].sort();
}
