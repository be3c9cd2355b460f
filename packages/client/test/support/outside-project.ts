import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** The contract and the client as they would be published: pnpm pack writes their `workspace:` ranges as versions. */
export async function packTarballs(): Promise<Tarballs> {
  const dir = await mkdtemp(join(tmpdir(), 'animal-store-tarballs-'));
  const pack = (name: string) =>
    mustRun('pnpm', ['--filter', name, 'pack', '--pack-destination', dir], REPO_ROOT);
  await pack('@animal-store/contract');
  await pack('@animal-store/client');
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
  /** The version of a package as installed at the project's top level. */
  versionOf(name: string): Promise<string>;
  remove(): Promise<void>;
}

/**
 * A new npm project in the system's temporary folder, as a developer starts one, with the packages installed from
 * the tarballs by plain `npm install` and the sources of fixtures/outside-project in `src`.
 */
export async function createOutsideProject(options: {
  name: string;
  /** What the project itself depends on besides the client: a Zod, the contract's peers… */
  packages: string[];
  /** Whether the project depends on the contract itself, or only through the client. */
  importsContract: boolean;
  tarballs: Tarballs;
}): Promise<OutsideProject> {
  const dir = await mkdtemp(join(tmpdir(), `${options.name}-`));
  const manifest = {
    name: options.name,
    version: '1.0.0',
    private: true,
    type: 'module',
    // Without a registry to publish to, npm takes the client's dependency on the contract from its tarball.
    ...(!options.importsContract && {
      overrides: { '@animal-store/contract': `file:${options.tarballs.contract}` },
    }),
  };
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const direct = options.importsContract ? [options.tarballs.contract] : [];
  await mustRun(
    'npm',
    ['install', '--no-audit', '--no-fund', ...direct, options.tarballs.client, ...options.packages],
    dir,
  );

  await mkdir(join(dir, 'src'));
  const sources = ['exact-types.ts', 'scenario.ts', ...(options.importsContract ? ['raw-contract.ts'] : [])];
  for (const file of sources) await copyFile(join(FIXTURES, file), join(dir, 'src', file));
  for (const file of ['tsconfig.node16.json', 'tsconfig.bundler.json']) {
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
