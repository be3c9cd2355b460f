import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

it('`pnpm start` stopped by Ctrl-C exits 0 after the clean stop, with no error from pnpm', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'animal-store-start-'));
  directories.push(directory);
  // A process group of its own, as a terminal's foreground job: Ctrl-C sends SIGINT to every process in it
  // (pnpm, the script's shell, node), not to the store alone.
  const child = spawn('pnpm', ['start'], {
    cwd: repositoryRoot,
    detached: true,
    // No NODE_ENV, as a user types it.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      API_KEYS: 'a-configured-key-0123',
      DATABASE_URL: `file:${join(directory, 'store.db')}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Animal Store listening on')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  try {
    await Promise.race([listening, exited.then(() => Promise.reject(new Error(`exited:\n${output}`)))]);
    process.kill(-(child.pid as number), 'SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('"msg":"stopped"');
    expect(output).not.toContain('ELIFECYCLE');
  } finally {
    if (child.exitCode === null && child.signalCode === null) process.kill(-(child.pid as number), 'SIGKILL');
  }
});

/** `pnpm start`'s build step, as the root package.json writes it (what runs before it starts the store). */
function startBuildCommand(): string {
  const { scripts } = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return scripts.start.split(' && ')[0] as string;
}

interface DryRunTask {
  taskId: string;
  hash: string;
  command: string;
  cache: { status: 'HIT' | 'MISS' };
}

/** What turbo would do for `pnpm start`'s build under `env`: each task with a command, its hash and cache status. */
function plannedBuild(env: Record<string, string>): DryRunTask[] {
  const output = execFileSync('sh', ['-c', `${startBuildCommand()} --dry=json`], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const { tasks } = JSON.parse(output) as { tasks: DryRunTask[] };
  return tasks.filter((task) => task.command !== '<NONEXISTENT>');
}

// Run alone, the build is the first of this checkout: minutes on a loaded machine. A fail-safe only.
const BUILD_TIMEOUT_MS = 600_000;

it('a production start of a checkout `pnpm start` built rebuilds nothing: NODE_ENV changes no build', {
  timeout: BUILD_TIMEOUT_MS,
}, () => {
  // The build as a plain `pnpm start` runs it, with no NODE_ENV.
  execFileSync('sh', ['-c', startBuildCommand()], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stdio: 'ignore',
  });
  const built = plannedBuild({});
  expect(built.map((task) => task.taskId)).toContain('@animal-store/admin#build');
  for (const NODE_ENV of ['production', 'development', 'test']) {
    const planned = plannedBuild({ NODE_ENV });
    expect({
      NODE_ENV,
      tasks: planned.map(({ taskId, hash, cache }) => ({ taskId, hash, cache: cache.status })),
    }).toStrictEqual({
      NODE_ENV,
      tasks: built.map(({ taskId, hash }) => ({ taskId, hash, cache: 'HIT' })),
    });
  }
});
