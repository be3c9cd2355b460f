import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A harness as a process of its own: the built server-process.js starts the store as the bench does, on SQLite, and
 * prints its pid. Built code, because the harness must run outside vitest to be killed like a runner is.
 */
const HARNESS = `
import { contendersFor, requestHeaders } from '${new URL('../../dist/contenders.js', import.meta.url)}';
import { startOnFreePort } from '${new URL('../../dist/processes/start-on-free-port.js', import.meta.url)}';
const [workDir] = process.argv.slice(1);
const store = contendersFor('sqlite').find((contender) => contender.id === 'store');
const { server } = await startOnFreePort((port, baseUrl) => {
  const launch = store.launch(port, 'file:' + workDir + '/store.db');
  return { name: 'store', args: launch.args, env: launch.env, readyUrl: baseUrl + store.readyPath,
    headers: requestHeaders, logPath: workDir + '/store.log' };
});
process.stdout.write(server.pid + '\\n');
setInterval(() => {}, 60_000);
`;

/** Running, and not a zombie that a container's first process never reaps. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('a contender started by a harness that is killed', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-harness-killed-'));
  let harness: ChildProcess | undefined;
  let serverPid: number | undefined;
  afterAll(() => {
    // Only if the test failed: neither may outlive this file either way.
    harness?.kill('SIGKILL');
    if (serverPid !== undefined && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
    rmSync(workDir, { recursive: true, force: true });
  });

  it('stops when the harness dies by SIGKILL, with no chance to stop it', async () => {
    const started = spawn(process.execPath, ['--input-type=module', '-e', HARNESS, workDir], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    harness = started;
    const [firstLine] = (await once(started.stdout, 'data')) as [Buffer];
    serverPid = Number(firstLine.toString().trim());
    expect(alive(serverPid)).toBe(true);

    started.kill('SIGKILL');
    await once(started, 'exit');
    // The store shuts down as on SIGTERM, letting requests finish for up to 10 s; the poll waits for that.
    await expect.poll(() => alive(serverPid as number), { timeout: 30_000, interval: 100 }).toBe(false);
    // The store's start (READY_TIMEOUT_MS, 30 s) and its stop (30 s above) on a busy 2-core machine.
  }, 90_000);
});
