import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
    // No NODE_ENV, as a user types it: the build it triggers is the one `pnpm build` makes, not a test build.
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
