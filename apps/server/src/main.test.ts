import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from './database/migrations.js';
import { RELEASE_VERSION } from './release-version.js';
import { createAwaitingBody } from './test-support/awaiting-body.js';
import {
  databaseUrlOf,
  postgresTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
} from './test-support/databases.js';
import { runServerScript, type ServerProcess } from './test-support/server-process.js';

/** A port another process listens on, on the server's default host; closed again at the end of the scope. */
async function occupiedPort() {
  const other = createServer();
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  return {
    port: (other.address() as AddressInfo).port,
    [Symbol.asyncDispose]: () => new Promise<void>((resolve) => other.close(() => resolve())),
  };
}

const KEY = 'a-configured-key-0123';

/** Root may listen anywhere: the test runs the server as `nobody` then, and as the current user otherwise. */
const unprivilegedUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;

/**
 * Whether that user can run this Node on this checkout (a Node or a checkout under root's home is closed to
 * `nobody`). CI installs both where it can, so there the tests below always run.
 */
const unprivilegedCanRun =
  !unprivilegedUser ||
  process.env.CI === 'true' ||
  spawnSync(
    process.execPath,
    ['-e', `require('fs').accessSync(${JSON.stringify(`${process.cwd()}/src/main.ts`)})`],
    {
      ...unprivilegedUser,
    },
  ).status === 0;

/** Whether this machine reserves port 80 to root at all (some containers open every port to every user). */
const privilegedPortsExist = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_unprivileged_port_start', 'utf8')) > 80;
  } catch {
    return false;
  }
})();

describe('the server process', () => {
  const directories: string[] = [];
  const processes: ServerProcess[] = [];

  const freshDatabaseUrl = () => {
    const directory = mkdtempSync(join(tmpdir(), 'animal-store-main-'));
    directories.push(directory);
    return `file:${join(directory, 'nested', 'store.db')}`;
  };
  const databases: TestDatabase[] = [];
  /** Several workers need PostgreSQL (SQLite serves one): those tests run where TEST_DATABASE_URL is set, as in CI. */
  const freshPostgresUrl = async () => {
    const database = await (postgresTestDatabase as TestDatabaseKind).create();
    databases.push(database);
    return databaseUrlOf(database.config);
  };
  const start = (env: Record<string, string>, user?: { uid: number; gid: number }) => {
    const server = runServerScript('src/main.ts', env, [], user);
    processes.push(server);
    return server;
  };

  afterEach(async () => {
    for (const server of processes.splice(0)) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
    for (const database of databases.splice(0)) await database.drop();
  });

  it('creates and prints a first key once outside production, and that key works', async () => {
    const DATABASE_URL = freshDatabaseUrl();
    const first = start({ DATABASE_URL });
    const origin = await first.listening;
    const key = /^ {6}(as_[\w-]+)$/m.exec(first.output())?.[1];
    expect(key).toBeDefined();
    const response = await fetch(`${origin}/v1/pets`, { headers: { authorization: `Bearer ${key}` } });
    expect([response.status, await response.json()]).toStrictEqual([200, []]);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start({ DATABASE_URL });
    await second.listening;
    expect(second.output()).not.toContain('No API key existed');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // Every key revoked (the last manager too, as after a leak): the store stays closed, with no new key, and says
    // how to make one.
    const revoke = runServerScript('src/keys-cli.ts', { DATABASE_URL }, ['revoke', '1', '--lock-out']);
    expect(await revoke.exited).toBe(0);
    const third = start({ DATABASE_URL });
    const reopened = await third.listening;
    expect(third.output()).not.toContain('No API key existed');
    expect(third.output()).toContain(
      `every API key is revoked, so no request is admitted; create one with \`DATABASE_URL=${DATABASE_URL} pnpm --silent --filter @animal-store/server keys create --name NAME\``,
    );
    const refused = await fetch(`${reopened}/v1/pets`, { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status).toBe(401);
  });

  it('creates one first key when several instances start together on a new database', async () => {
    const DATABASE_URL = freshDatabaseUrl();
    const instances = Array.from({ length: 4 }, () => start({ DATABASE_URL }));
    await Promise.all(instances.map((instance) => instance.listening));
    const printed = instances.filter((instance) => instance.output().includes('No API key existed'));
    expect(printed).toHaveLength(1);
  });

  it('says in one sentence, without a stack trace, why an unexpected start-up failure stopped it', async () => {
    // A database whose keys table someone dropped by hand: nothing the store expects, and no migration restores it.
    const DATABASE_URL = freshDatabaseUrl();
    const first = start({ API_KEYS: KEY, DATABASE_URL });
    await first.listening;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const database = new Sqlite(DATABASE_URL.slice('file:'.length));
    database.exec('drop table api_keys');
    database.close();

    const broken = start({ DATABASE_URL });
    expect(await broken.exited).toBe(1);
    expect(broken.output()).toBe('animal-store: Start-up failed: no such table: api_keys (SQLITE_ERROR).\n');
  });

  it('refuses, in one sentence, a database that a newer release wrote', async () => {
    // A database migrated by a newer release than this one: the migrations it records are not all known here.
    const DATABASE_URL = freshDatabaseUrl();
    const newer = start({ API_KEYS: KEY, DATABASE_URL });
    await newer.listening;
    expect(newer.output()).toContain(`"release":"${RELEASE_VERSION}"`);
    newer.child.kill('SIGTERM');
    expect(await newer.exited).toBe(0);
    const database = new Sqlite(DATABASE_URL.slice('file:'.length));
    database
      .prepare("insert into kysely_migration (name, timestamp) values ('999-from-a-newer-release', '')")
      .run();
    database.prepare("update store_version set schema_version = 999, release = '99.0.0'").run();
    database.close();

    const older = start({ API_KEYS: KEY, DATABASE_URL });
    expect(await older.exited).toBe(1);
    expect(older.output()).toBe(
      `animal-store: The database has schema version 999, written by release 99.0.0, and this server (release ${RELEASE_VERSION}) knows schema versions up to ${MIGRATION_NAMES.length}: start a release at least as new as the one that wrote it.\n`,
    );
  });

  it('refuses to start in production without any key, saying what to do', async () => {
    const DATABASE_URL = freshDatabaseUrl();
    const server = start({ DATABASE_URL, NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toBe(
      `animal-store: No API key exists. Set API_KEYS, or create one with \`DATABASE_URL=${DATABASE_URL} pnpm --silent --filter @animal-store/server keys create --name NAME\`.\n`,
    );
  });

  it('reports every bad variable at once, one sentence each, and exits 1 without a stack trace', async () => {
    const server = start({ PORT: 'x', DATABASE_URL: 'mysql://db' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toBe(
      'animal-store: PORT must be a whole number from 0 to 65535.\n' +
        'animal-store: DATABASE_URL must start with file:, postgres:// or postgresql://.\n',
    );
  });

  it('says in one sentence that its port is in use, and which', async () => {
    await using occupied = await occupiedPort();
    const server = start({ API_KEYS: KEY, DATABASE_URL: freshDatabaseUrl(), PORT: String(occupied.port) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toBe(
      `animal-store: Port ${occupied.port} on 127.0.0.1 is already in use by another process; stop it or set PORT to a free port.\n`,
    );
  });

  it('writes readable lines through a pipe with LOG_FORMAT=pretty, as `pnpm dev` sets it, and JSON without', async () => {
    const pretty = start({ DATABASE_URL: freshDatabaseUrl(), API_KEYS: KEY, LOG_FORMAT: 'pretty' });
    await pretty.listening;
    expect(pretty.output()).toMatch(/INFO.*: Animal Store listening on http/);
    expect(pretty.output()).not.toContain('"msg"');
    const json = start({ DATABASE_URL: freshDatabaseUrl(), API_KEYS: KEY, NODE_ENV: 'development' });
    await json.listening;
    expect(json.output()).toContain('"msg":"Animal Store listening on http');
  });

  it('on SIGINT, sent twice as Ctrl-C under pnpm does, stops cleanly and exits 0', async () => {
    const server = start({ DATABASE_URL: freshDatabaseUrl(), API_KEYS: KEY });
    const origin = await server.listening;
    // A request in flight keeps the store stopping while the second signal arrives.
    const inFlight = await createAwaitingBody(
      origin,
      { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      'in flight',
    );
    server.child.kill('SIGINT');
    await expect.poll(() => server.output()).toContain('shutting down');
    server.child.kill('SIGINT');
    expect(await inFlight.sendBody()).toBe(201);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
  });

  it.skipIf(!postgresTestDatabase)(
    'with WORKERS=2 on a port in use, says so and exits 1 instead of restarting workers',
    async () => {
      await using occupied = await occupiedPort();
      const server = start({
        API_KEYS: KEY,
        DATABASE_URL: await freshPostgresUrl(),
        PORT: String(occupied.port),
        WORKERS: '2',
      });
      expect(await server.exited).toBe(1);
      const sentences = server.output().match(/^animal-store: .*$/gm) ?? [];
      expect(sentences.length).toBeGreaterThan(0);
      expect(new Set(sentences)).toStrictEqual(
        new Set([
          `animal-store: Port ${occupied.port} on 127.0.0.1 is already in use by another process; stop it or set PORT to a free port.`,
        ]),
      );
      expect(server.output()).toContain('"msg":"a worker could not start; stopping"');
      expect(server.output()).not.toContain('Error:');
    },
  );

  it('says in one sentence that METRICS_PORT is in use, naming that variable', async () => {
    await using occupied = await occupiedPort();
    const server = start({
      API_KEYS: KEY,
      DATABASE_URL: freshDatabaseUrl(),
      METRICS_PORT: String(occupied.port),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toBe(
      `animal-store: Port ${occupied.port} on 127.0.0.1 is already in use by another process; stop it or set METRICS_PORT to a free port.\n`,
    );
  });

  it('says in one sentence that HOST is not an address of this machine', async () => {
    // 192.0.2.1 is reserved for documentation (RFC 5737): no machine has it.
    const server = start({
      API_KEYS: KEY,
      DATABASE_URL: freshDatabaseUrl(),
      HOST: '192.0.2.1',
      PORT: '3000',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toBe(
      'animal-store: Cannot listen on 192.0.2.1:3000: 192.0.2.1 is not an address of this machine; set HOST to one of its addresses, or 0.0.0.0 for all.\n',
    );
  });

  it.skipIf(!privilegedPortsExist || !unprivilegedCanRun)(
    'says in one sentence that a port below 1024 needs root (run as an unprivileged user)',
    async () => {
      const directory = mkdtempSync(join(tmpdir(), 'animal-store-main-'));
      directories.push(directory);
      chmodSync(directory, 0o777);
      const server = start(
        { API_KEYS: KEY, DATABASE_URL: `file:${join(directory, 'store.db')}`, PORT: '80' },
        unprivilegedUser,
      );
      expect(await server.exited).toBe(1);
      expect(server.output()).toBe(
        'animal-store: Permission denied to listen on 127.0.0.1:80: ports below 1024 need root; set PORT to 1024 or above.\n',
      );
    },
  );

  it('fails clearly on a SQLite path it cannot create', async () => {
    // A path below a regular file can never be created, even by root.
    const server = start({ DATABASE_URL: 'file:/etc/hostname/store.db' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(
      /^animal-store: Cannot open the SQLite database at \/etc\/hostname\/store\.db: .+\n$/,
    );
  });

  it.skipIf(!unprivilegedCanRun)(
    'says in one sentence that it may not write the SQLite file where DATABASE_URL puts it',
    async () => {
      // /etc is writable by root only; the server runs as an unprivileged user.
      for (const path of ['/etc/animal-store-test.db', '/etc/animal-store-test/store.db']) {
        const server = start({ API_KEYS: KEY, DATABASE_URL: `file:${path}` }, unprivilegedUser);
        expect(await server.exited).toBe(1);
        expect(server.output()).toBe(
          `animal-store: Cannot open the SQLite database at ${path}: permission denied; set DATABASE_URL to a path this user may write.\n`,
        );
      }
    },
  );

  it('fails clearly on a file that is not a SQLite database', async () => {
    const path = freshDatabaseUrl().slice('file:'.length).replace('nested/', '');
    writeFileSync(path, 'this is not a database, just text that is long enough to have a header'.repeat(20));
    const server = start({ DATABASE_URL: `file:${path}` });
    expect(await server.exited).toBe(1);
    expect(server.output()).toBe(
      `animal-store: Cannot open the SQLite database at ${path}: file is not a database.\n`,
    );
  });

  it('on SIGTERM under load finishes every request in flight, refuses new ones, closes the database, exits 0', async () => {
    const server = start({ DATABASE_URL: freshDatabaseUrl(), API_KEYS: 'a-configured-key-0123' });
    const origin = await server.listening;
    const headers = { authorization: 'Bearer a-configured-key-0123', 'content-type': 'application/json' };
    const create = (name: string) =>
      fetch(`${origin}/v1/pets`, { method: 'POST', headers, body: JSON.stringify({ name, categoryId: 1 }) });
    // In flight for certain, however slow the machine: each request's head has been read by the store (it asked
    // for the body with 100 Continue) before the signal, and its body is sent after it.
    const inFlight = await Promise.all(
      Array.from({ length: 20 }, (_, index) => createAwaitingBody(origin, headers, `in flight ${index}`)),
    );
    server.child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight.map((request) => request.sendBody()));
    expect(statuses).toStrictEqual(Array(20).fill(201));
    expect(await server.exited).toBe(0);
    await expect(create('after the signal')).rejects.toThrow();
    expect(server.output()).toMatch(
      /"msg":"shutting down: finishing in-flight requests"[\s\S]*"msg":"stopped"/,
    );
  });

  it.skipIf(!postgresTestDatabase)(
    'with WORKERS=2 serves one port from two processes and stops them all on SIGTERM',
    async () => {
      const server = start({
        DATABASE_URL: await freshPostgresUrl(),
        API_KEYS: 'a-configured-key-0123',
        WORKERS: '2',
      });
      const origin = await server.listening;
      // The second worker may listen seconds after the first on a loaded machine.
      await expect
        .poll(() => server.output().match(/Animal Store listening on/g)?.length ?? 0, { timeout: 30_000 })
        .toBe(2);
      const ports = server.output().match(/Animal Store listening on http:\/\/[\d.]+:(\d+)/g) ?? [];
      expect(new Set(ports).size).toBe(1);
      const headers = { authorization: 'Bearer a-configured-key-0123' };
      const statuses = await Promise.all(
        Array.from({ length: 10 }, async () => (await fetch(`${origin}/v1/pets`, { headers })).status),
      );
      expect(statuses).toStrictEqual(Array(10).fill(200));
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"msg":"all workers stopped"');
    },
  );

  it.skipIf(!postgresTestDatabase)(
    'with WORKERS=2 keeps serving when a replacement worker dies before it listens',
    async () => {
      const server = start({ DATABASE_URL: await freshPostgresUrl(), API_KEYS: KEY, WORKERS: '2' });
      await server.listening;
      const listeningCount = () => server.output().match(/Animal Store listening on/g)?.length ?? 0;
      await expect.poll(listeningCount, { timeout: 30_000 }).toBe(2);
      const primary = server.child.pid as number;
      const workers = childPids(primary);
      expect(workers).toHaveLength(2);
      process.kill(workers[0] as number, 'SIGKILL');
      // The replacement is killed as soon as it appears, long before it can open the database and listen.
      let replacement: number | undefined;
      await expect
        .poll(
          () => {
            replacement = childPids(primary).find((pid) => !workers.includes(pid));
            return replacement;
          },
          { interval: 10, timeout: 10_000 },
        )
        .toBeDefined();
      process.kill(replacement as number, 'SIGKILL');
      // Only a first start that fails is fatal: the primary starts another, after a short delay.
      await expect.poll(listeningCount, { timeout: 30_000 }).toBe(3);
      const response = await fetch(`${await server.listening}/v1/pets`, {
        headers: { authorization: `Bearer ${KEY}` },
      });
      expect(response.status).toBe(200);
      expect(server.output()).not.toContain('a worker could not start; stopping');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  );
});

/** The pids of a process's children, from the kernel's own list. */
function childPids(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text === '' ? [] : text.split(' ').map(Number);
}
