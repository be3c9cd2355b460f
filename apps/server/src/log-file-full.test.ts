import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const KEY = 'a-configured-key-0123';
/** The store starts through tsx on a loaded 2-core machine: this only guards against a hang. */
const TIMEOUT_MS = 120_000;

/** A port nothing listens on now, for a process that cannot say where it listens (its log is lost). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Asks until `holds` is true; fails as soon as the process has ended. */
async function until(child: ChildProcess, holds: () => Promise<boolean>): Promise<void> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the store ended (${child.exitCode})`);
    if (await holds().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const droppedTotal = async (metricsUrl: string) => {
  const text = await (await fetch(metricsUrl)).text();
  return Number(/^animal_store_log_lines_dropped_total (\d+)$/m.exec(text)?.[1]);
};

describe('a log file with no room (ENOSPC)', { timeout: TIMEOUT_MS }, () => {
  const children: ChildProcess[] = [];
  const directories: string[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  it('costs the store its log lines, which it counts and says it drops, not its life', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'log-file-full-'));
    directories.push(directory);
    const [port, metricsPort] = [await freePort(), await freePort()];
    // /dev/full answers every write with ENOSPC, as a full disk does.
    const full = openSync('/dev/full', 'w');
    const store = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        DATABASE_URL: `file:${join(directory, 'store.db')}`,
        API_KEYS: KEY,
      },
      stdio: ['ignore', full, 'pipe'],
    });
    closeSync(full);
    children.push(store);
    let stderr = '';
    store.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => store.once('close', resolve));

    const origin = `http://127.0.0.1:${port}`;
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    // The lines of the start (the one saying where the store listens among them) are dropped, not its life.
    await until(store, async () => (await fetch(`${origin}/healthz`)).ok);
    await until(store, async () => (await droppedTotal(metricsUrl)) > 0);
    const before = await droppedTotal(metricsUrl);
    const pets = await fetch(`${origin}/v1/pets`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(pets.status).toBe(200);
    // The request's line is dropped too, and counted.
    await until(store, async () => (await droppedTotal(metricsUrl)) > before);

    store.kill('SIGTERM');
    expect(await exited).toBe(0);
    const total = Number(/(\d+) log lines were dropped/.exec(stderr)?.[1]);
    expect(total).toBeGreaterThan(before);
    expect(stderr).toBe(
      "animal-store: dropping log lines: the log's file has no room for them (ENOSPC); the count follows once it takes them again, or at exit\n" +
        `animal-store: ${total} log lines were dropped, 0 of them at exit: the log took no more\n`,
    );
  });
});
