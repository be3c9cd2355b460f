import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories } from '../store/repositories.js';
import { call, runDataCommand, serveStore } from '../test-support/data-command.js';
import { sqliteTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { runServerScript } from '../test-support/server-process.js';

const KEY = 'backup-test-key-0123456789';

describe('data backup while the store serves', () => {
  let store: TestDatabase;
  let path: string;
  let seeded: number;

  beforeAll(async () => {
    store = await sqliteTestDatabase.create();
    path = store.config.kind === 'sqlite' ? store.config.path : '';
    const repositories = await openRepositories(store.config);
    await repositories.apiKeys.create('ops');
    await repositories.database.close();
    // Enough animals for a backup of many steps (100 pages each), so that creates commit between them.
    const file = new SqliteDatabase(path);
    const insert = file.prepare('insert into pets (name, category_id) values (?, 1)');
    seeded = 20_000;
    file.transaction(() => {
      for (let index = 0; index < seeded; index++) insert.run(`seeded ${index}`);
    })();
    file.close();
  });

  afterAll(async () => {
    await store?.drop();
  });

  it('copies one consistent snapshot under concurrent creates and reads, with no 5xx, and the backup passes `data check`', async () => {
    const { origin, server } = await serveStore(`file:${path}`, {
      API_KEYS: KEY,
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    const statuses: number[] = [];
    const acknowledged: number[] = [];
    let acknowledgedBeforeBackup: number[] = [];
    let backingUp = true;
    let trafficFlows = () => {};
    const flowing = new Promise<void>((resolve) => {
      trafficFlows = resolve;
    });
    const client = async () => {
      for (let round = 0; backingUp; round++) {
        const created = await call(origin, KEY, '/v1/pets', {
          method: 'POST',
          body: { name: `during ${round}`, categoryId: 2 },
        });
        statuses.push(created.status);
        if (created.status === 201) acknowledged.push((created.body as { id: number }).id);
        if (acknowledged.length === 20) trafficFlows();
        statuses.push((await call(origin, KEY, '/v1/pets?limit=100')).status);
      }
    };
    const file = join(path, '..', 'backup.db');
    try {
      const clients = [client(), client(), client(), client()];
      // Traffic first, so that the backup starts while it flows.
      await flowing;
      acknowledgedBeforeBackup = [...acknowledged];
      const backup = runServerScript('src/data-cli.ts', { DATABASE_URL: `file:${path}` }, ['backup', file]);
      const code = await backup.exited;
      backingUp = false;
      await Promise.all(clients);
      expect(code, backup.output()).toBe(0);
      expect(backup.output()).toMatch(/\npets\t\d+\n/);
    } finally {
      backingUp = false;
      await server.stop();
    }

    expect(statuses.filter((status) => status >= 500)).toStrictEqual([]);
    const copy = new SqliteDatabase(file, { readonly: true });
    const ids = new Set(copy.prepare('select id from pets').pluck().all() as number[]);
    copy.close();
    const largest = Math.max(...ids);
    // Every create acknowledged before the backup began is in it; of those acknowledged later, exactly the ones up
    // to its largest id: a snapshot, never a torn copy. Nothing is in it that no one created.
    for (const id of acknowledgedBeforeBackup) expect(ids.has(id)).toBe(true);
    const expected = [...Array.from({ length: seeded }, (_, index) => index + 1), ...acknowledged]
      .filter((id) => id <= largest)
      .sort((a, b) => a - b);
    expect([...ids].sort((a, b) => a - b)).toStrictEqual(expected);

    const check = await runDataCommand({ DATABASE_URL: `file:${file}` }, 'check');
    expect(check.code, check.output).toBe(0);
    expect(check.output).toMatch(
      /^database\t\/\S+\nschema version\t\d{3}-[a-z-]+\nrelease\t\d+\.\d+\.\d+\nok\tSQLite integrity_check\n/,
    );
  });

  it('never replaces a file', async () => {
    const file = join(path, '..', 'backup.db');
    const again = await runDataCommand({ DATABASE_URL: `file:${path}` }, 'backup', file);
    expect(again).toStrictEqual({
      code: 1,
      output: `data: ${file} exists: a backup never replaces a file, so name a new one.\n`,
    });
  });
});
