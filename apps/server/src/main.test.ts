import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runServerScript, type ServerProcess } from './test-support/server-process.js';

describe('the server process', () => {
  const directories: string[] = [];
  const processes: ServerProcess[] = [];

  const freshDatabaseUrl = () => {
    const directory = mkdtempSync(join(tmpdir(), 'animal-store-main-'));
    directories.push(directory);
    return `file:${join(directory, 'nested', 'store.db')}`;
  };
  const start = (env: Record<string, string>) => {
    const server = runServerScript('src/main.ts', env);
    processes.push(server);
    return server;
  };

  afterEach(() => {
    for (const server of processes.splice(0)) server.child.kill('SIGKILL');
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
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
  });

  it('refuses to start in production without any key, saying what to do', async () => {
    const server = start({ DATABASE_URL: freshDatabaseUrl(), NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toBe(
      'animal-store: No API key exists. Set API_KEYS, or create one with `pnpm --filter @animal-store/server keys create --name NAME`.\n',
    );
  });

  it('reports every bad variable at once and exits 1, without a stack trace', async () => {
    const server = start({ PORT: 'x', DATABASE_URL: 'mysql://db' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toBe(
      'animal-store: Invalid configuration:\n  PORT: Expected number, received nan\n  DATABASE_URL: must start with file:, postgres:// or postgresql://\n',
    );
  });

  it('fails clearly on a SQLite path it cannot create', async () => {
    // A path below a regular file can never be created, even by root.
    const server = start({ DATABASE_URL: 'file:/etc/hostname/store.db' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(
      /^animal-store: Cannot open the SQLite database at \/etc\/hostname\/store\.db: .+\n$/,
    );
  });

  it('fails clearly on a file that is not a SQLite database', async () => {
    const path = freshDatabaseUrl().slice('file:'.length).replace('nested/', '');
    writeFileSync(path, 'this is not a database, just text that is long enough to have a header'.repeat(20));
    const server = start({ DATABASE_URL: `file:${path}` });
    expect(await server.exited).toBe(1);
    expect(server.output()).toBe(
      `animal-store: Cannot open the SQLite database at ${path}: file is not a database\n`,
    );
  });

  it('on SIGTERM under load finishes every request in flight, refuses new ones, closes the database, exits 0', async () => {
    const server = start({ DATABASE_URL: freshDatabaseUrl(), API_KEYS: 'a-configured-key-0123' });
    const origin = await server.listening;
    const create = (name: string) =>
      fetch(`${origin}/v1/pets`, {
        method: 'POST',
        headers: { authorization: 'Bearer a-configured-key-0123', 'content-type': 'application/json' },
        body: JSON.stringify({ name, categoryId: 1 }),
      });
    const inFlight = Array.from({ length: 20 }, (_, index) => create(`in flight ${index}`));
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight.map(async (response) => (await response).status));
    expect(statuses).toStrictEqual(Array(20).fill(201));
    expect(await server.exited).toBe(0);
    await expect(create('after the signal')).rejects.toThrow();
    expect(server.output()).toMatch(
      /"msg":"shutting down: finishing in-flight requests"[\s\S]*"msg":"stopped"/,
    );
  });

  it('with WORKERS=2 serves one port from two processes and stops them all on SIGTERM', async () => {
    const server = start({
      DATABASE_URL: freshDatabaseUrl(),
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
  });
});
