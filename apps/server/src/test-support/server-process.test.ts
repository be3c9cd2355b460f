import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** A stand-in for a test run: starts a server through runServerScript, prints its pid, then waits to be killed. */
const TEST_RUN = `
import { runServerScript } from './src/test-support/server-process.js';
const server = runServerScript('src/main.ts', { DATABASE_URL: process.env.DATABASE_URL, API_KEYS: 'reaper-test-key-0123456789' });
await server.listening;
process.stdout.write(server.child.pid + '\\n');
setInterval(() => {}, 1000);
`;

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('servers started by a test run', () => {
  const directory = mkdtempSync(join(tmpdir(), 'animal-store-reaper-'));
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('end when the run is killed without its teardown', async () => {
    const run = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', TEST_RUN], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: `file:${join(directory, 'store.db')}` },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const serverPid = await new Promise<number>((resolve, reject) => {
      run.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      run.once('exit', (code) =>
        reject(new Error(`the test run exited with ${code} before its server listened`)),
      );
    });
    expect(isRunning(serverPid)).toBe(true);

    run.kill('SIGKILL');

    await expect.poll(() => isRunning(serverPid)).toBe(false);
  });
});
