import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anError, see } from '../test-support/http-assertions.js';
import { runServerScript, type ServerProcess } from '../test-support/server-process.js';

// Root only (CI runs as root): permissions do not stop root, so the faults are an immutable attribute (chattr +i)
// and tmpfs mounts, read-only or small enough to fill. Each test works in a tmpfs of its own, so that it does not
// depend on what the machine's temporary folder supports.
const API_KEY = 'sqlite-faults-test-key-0123456789';
const headers = { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' };

function run(command: string, ...args: string[]): void {
  execFileSync(command, args, { stdio: 'pipe' });
}

/** Whether a file in `directory` can be made immutable (and back), the fault these tests set up. */
function canMakeImmutable(directory: string): boolean {
  try {
    writeFileSync(join(directory, 'probe'), '');
    run('chattr', '+i', join(directory, 'probe'));
    run('chattr', '-i', join(directory, 'probe'));
    return true;
  } catch {
    return false;
  }
}

/** Why the faults cannot be set up here, or undefined when they can. */
function whyFaultsCannotBeSetUp(): string | undefined {
  if (process.getuid?.() !== 0) return 'needs root, to mount tmpfs and set the immutable attribute';
  const directory = mkdtempSync(join(tmpdir(), 'animal-store-chattr-'));
  try {
    run('mount', '-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', directory);
  } catch {
    rmSync(directory, { recursive: true, force: true });
    return 'cannot mount tmpfs here (a container without CAP_SYS_ADMIN?)';
  }
  try {
    return canMakeImmutable(directory)
      ? undefined
      : 'tmpfs here does not support chattr +i (Linux 6.0 or later does)';
  } finally {
    run('umount', directory);
    rmSync(directory, { recursive: true, force: true });
  }
}

const unsupported = whyFaultsCannotBeSetUp();

/**
 * tmpfs refuses to open an immutable file for writing but lets a file already open be written on; ext4 (the usual
 * temporary folder) refuses those writes too, which is the run-time fault. Undefined when the folder supports it.
 */
function whyRunTimeImmutabilityCannotBeSetUp(): string | undefined {
  const directory = mkdtempSync(join(tmpdir(), 'animal-store-chattr-'));
  try {
    return canMakeImmutable(directory)
      ? undefined
      : `the file system of ${tmpdir()} does not support chattr +i`;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const create = (origin: string, name: string) =>
  fetch(`${origin}/v1/pets`, { method: 'POST', headers, body: JSON.stringify({ name, categoryId: 1 }) });

/**
 * Creates sent together, half with an Idempotency-Key: SQLite commits the others as a group. Whatever path a create
 * takes, a write the file system refuses is a 503, never a 500, and nothing is logged as an unexpected failure.
 */
async function expectEveryPathRefused(server: ServerProcess, origin: string): Promise<void> {
  const statuses = await Promise.all(
    Array.from({ length: 40 }, async (_, index) => {
      const response = await fetch(`${origin}/v1/pets`, {
        method: 'POST',
        headers: index % 2 ? { ...headers, 'idempotency-key': `together-${index}` } : headers,
        body: JSON.stringify({ name: `together ${index}`, categoryId: 1 }),
      });
      await response.body?.cancel();
      return response.status;
    }),
  );
  expect(new Set(statuses)).toStrictEqual(new Set([503]));
  expect(server.output()).not.toContain('unexpected failure');
}

/** A write refused for want of storage: 503 with Retry-After, the store's own words. */
async function expectWriteRefused(response: Response): Promise<void> {
  expect(await see(response)).toStrictEqual(
    anError(503, 'service_unavailable', 'The database cannot store changes right now; retry shortly.'),
  );
  expect(response.headers.get('retry-after')).toBe('5');
}

/** Reads still served, readiness says why writes fail, liveness is unaffected. */
async function expectReadOnlyService(origin: string): Promise<void> {
  expect((await fetch(`${origin}/v1/pets`, { headers })).status).toBe(200);
  expect(await see(await fetch(`${origin}/readyz`))).toStrictEqual(
    anError(503, 'service_unavailable', 'The database cannot store changes.'),
  );
  expect((await fetch(`${origin}/healthz`)).status).toBe(200);
}

/** Once the cause is gone, writes and readiness come back without a restart. */
async function expectRecovered(server: ServerProcess, origin: string): Promise<void> {
  await expect
    .poll(async () => (await create(origin, 'after')).status, { timeout: 10_000, interval: 250 })
    .toBe(201);
  await expect
    .poll(async () => (await fetch(`${origin}/readyz`)).status, { timeout: 10_000, interval: 250 })
    .toBe(200);
  expect(server.child.exitCode).toBeNull();
}

describe.skipIf(unsupported)(`SQLite storage faults (${unsupported ?? 'as root'})`, () => {
  let directory: string;
  let server: ServerProcess | undefined;
  /** Undone after each test, even a failed one: immutable files, mounts. */
  let undo: Array<() => void>;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'animal-store-faults-'));
    undo = [];
    mountTmpfs(directory, 'size=16m');
  });

  afterEach(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    server = undefined;
    for (const step of undo.reverse()) {
      try {
        step();
      } catch {
        // Undo what can be undone; the directory is removed below either way.
      }
    }
    rmSync(directory, { recursive: true, force: true });
  });

  const immutable = (...paths: string[]) => {
    run('chattr', '+i', ...paths);
    undo.push(() => run('chattr', '-i', ...paths));
  };
  const mountTmpfs = (path: string, options: string) => {
    mkdirSync(path, { recursive: true });
    run('mount', '-t', 'tmpfs', '-o', options, 'tmpfs', path);
    undo.push(() => run('umount', '-l', path));
  };
  const start = (path: string) => {
    server = runServerScript('src/main.ts', { DATABASE_URL: `file:${path}`, API_KEYS: API_KEY });
    return server;
  };

  /** Start-up ends with exit 1 and one sentence on stderr, naming the file. */
  async function expectRefusedStart(path: string, sentence: RegExp): Promise<void> {
    const refused = start(path);
    expect(await refused.exited).toBe(1);
    const lines = refused.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(sentence);
    expect(lines[0]).toContain(path);
  }

  it('refuses to start on an immutable database file', async () => {
    const path = join(directory, 'store.db');
    // A store's file, as a previous run left it: in WAL mode, so that opening it needs no write.
    const previous = new SqliteDatabase(path);
    previous.pragma('journal_mode = WAL');
    previous.close();
    immutable(path);
    await expectRefusedStart(path, /^animal-store: Cannot write the SQLite database at .+\.$/);
  });

  it('refuses to start in a folder it cannot write', async () => {
    const folder = join(directory, 'read-only');
    mountTmpfs(folder, 'ro,size=1m');
    await expectRefusedStart(join(folder, 'store.db'), /^animal-store: Cannot open the SQLite database at /);
  });

  const runTimeUnsupported = unsupported ?? whyRunTimeImmutabilityCannotBeSetUp();
  it.skipIf(runTimeUnsupported)(
    'refuses writes with 503 while its files are immutable, serves reads, and recovers',
    async () => {
      const onDisk = mkdtempSync(join(tmpdir(), 'animal-store-faults-'));
      undo.unshift(() => rmSync(onDisk, { recursive: true, force: true }));
      const path = join(onDisk, 'store.db');
      const origin = await start(path).listening;
      expect((await create(origin, 'before')).status).toBe(201);
      immutable(path, `${path}-wal`);
      await expectWriteRefused(await create(origin, 'during'));
      await expectEveryPathRefused(server as ServerProcess, origin);
      await expectReadOnlyService(origin);
      undo.pop()?.();
      await expectRecovered(server as ServerProcess, origin);
    },
  );

  it('refuses writes with 503 while the disk is full, serves reads, and recovers', async () => {
    const folder = join(directory, 'small-disk');
    mountTmpfs(folder, 'size=2m');
    const origin = await start(join(folder, 'store.db')).listening;
    expect((await create(origin, 'before')).status).toBe(201);
    // Fill the disk; SQLite still writes into room its files already have, so create until a write needs more.
    const filler = join(folder, 'filler');
    try {
      run('dd', 'if=/dev/zero', `of=${filler}`, 'bs=64k');
    } catch {
      // dd stops with ENOSPC: the disk is full.
    }
    let refused: Response | undefined;
    for (let attempt = 0; attempt < 2000 && !refused; attempt++) {
      const response = await create(origin, `filling-${attempt}`.padEnd(100, '.'));
      if (response.status === 201) await response.body?.cancel();
      else refused = response;
    }
    await expectWriteRefused(refused as Response);
    await expectEveryPathRefused(server as ServerProcess, origin);
    await expectReadOnlyService(origin);
    rmSync(filler);
    await expectRecovered(server as ServerProcess, origin);
  });
});
