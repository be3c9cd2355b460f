import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories } from '../store/repositories.js';
import { call, runDataCommand, serveStore } from '../test-support/data-command.js';
import { databaseUrlOf, type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { runServerScript } from '../test-support/server-process.js';
import { openDataConnection } from './data-connection.js';

const KEY = 'backup-test-key-0123456789';
/** Enough animals for a backup of many steps, so that creates commit while it copies and verifies. */
const SEEDED = 20_000;
const BACKUPS = 5;

describe.each(testDatabaseKinds)('data backup while the store serves, on $name', (kind) => {
  let store: TestDatabase;
  let folder: string;

  beforeAll(async () => {
    store = await kind.create();
    folder = mkdtempSync(join(tmpdir(), 'animal-store-backups-'));
    const repositories = await openRepositories(store.config);
    await repositories.apiKeys.create('ops');
    await repositories.database.close();
    const connection = openDataConnection(store.config);
    try {
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${SEEDED})
        insert into pets (name, category_id) select 'seeded ' || i, 1 from n`.execute(connection.db);
    } finally {
      await connection.close();
    }
  });

  afterAll(async () => {
    await store?.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** An id the store hands out and no row keeps, as a create rolled back or an animal removed leaves it. */
  async function spendAnId(): Promise<number> {
    const connection = openDataConnection(store.config);
    try {
      const { rows } = await sql<{ id: unknown }>`insert into pets (name, category_id) values ('gone', 1)
        returning id`.execute(connection.db);
      const id = Number(rows[0]?.id);
      await sql`delete from pets where id = ${id}`.execute(connection.db);
      return id;
    } finally {
      await connection.close();
    }
  }

  it(`makes ${BACKUPS} backups in a row under concurrent creates and reads, each one snapshot, with no 5xx; a restore of the last hands out no id the store used`, async () => {
    const { origin, server } = await serveStore(databaseUrlOf(store.config), {
      API_KEYS: KEY,
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    const statuses: number[] = [];
    const acknowledged: number[] = [];
    const spent: number[] = [];
    let serving = true;
    let waiting: { count: number; resolve: () => void } | undefined;
    /** Resolves once `count` more creates are acknowledged: each backup starts while traffic flows. */
    const moreCreates = (count: number) =>
      new Promise<void>((resolve) => {
        waiting = { count: acknowledged.length + count, resolve };
      });
    const client = async () => {
      for (let round = 0; serving; round++) {
        const created = await call(origin, KEY, '/v1/pets', {
          method: 'POST',
          body: { name: `during ${round}`, categoryId: 2 },
        });
        statuses.push(created.status);
        if (created.status === 201) acknowledged.push((created.body as { id: number }).id);
        if (waiting && acknowledged.length >= waiting.count) waiting.resolve();
        statuses.push((await call(origin, KEY, '/v1/pets?limit=100')).status);
      }
    };
    const backups: { file: string; usedBefore: number[] }[] = [];
    const clients = [client(), client(), client(), client()];
    try {
      for (let index = 0; index < BACKUPS; index++) {
        await moreCreates(20);
        spent.push(await spendAnId());
        const usedBefore = [...acknowledged, ...spent];
        const file = join(folder, `backup-${index}.db`);
        const backup = runServerScript('src/data-cli.ts', { DATABASE_URL: databaseUrlOf(store.config) }, [
          'backup',
          file,
        ]);
        const code = await backup.exited;
        expect(code, backup.output()).toBe(0);
        expect(backup.output()).toMatch(/\npets\t\d+\n/);
        backups.push({ file, usedBefore });
      }
    } finally {
      serving = false;
      await Promise.allSettled(clients);
      await server.stop();
    }
    expect(statuses.filter((status) => status >= 500)).toStrictEqual([]);

    let lastIds: number[] = [];
    const created = new Set([...Array.from({ length: SEEDED }, (_, index) => index + 1), ...acknowledged]);
    for (const { file, usedBefore } of backups) {
      const copy = new SqliteDatabase(file, { readonly: true });
      const ids = copy.prepare('select id from pets order by id').pluck().all() as number[];
      const issued = copy
        .prepare("select seq from sqlite_sequence where name = 'pets'")
        .pluck()
        .get() as number;
      copy.close();
      lastIds = ids;
      // Every create acknowledged before the backup began is in it, and nothing in it that no one created.
      const held = new Set(ids);
      expect(usedBefore.filter((id) => !spent.includes(id) && !held.has(id))).toStrictEqual([]);
      expect(ids.filter((id) => !created.has(id))).toStrictEqual([]);
      // Its sequence is past every id the store had handed out when it began, the ones no row keeps included.
      expect(issued).toBeGreaterThanOrEqual(Math.max(...usedBefore, ...ids));
      if (kind.name === 'sqlite') {
        // SQLite commits creates one at a time, in id order: a snapshot holds exactly those up to its largest id.
        const largest = Math.max(...ids);
        expect(ids).toStrictEqual([...created].filter((id) => id <= largest).sort((a, b) => a - b));
      }
    }

    const last = backups.at(-1)?.file ?? '';
    const lastUsed = [...(backups.at(-1)?.usedBefore ?? []), ...lastIds];
    const check = await runDataCommand({ DATABASE_URL: `file:${last}` }, 'check');
    expect(check.code, check.output).toBe(0);
    expect(check.output).toMatch(
      /^database\t\/\S+\nschema version\t\d{3}-[a-z-]+\nrelease\t\d+\.\d+\.\d+\nok\tSQLite integrity_check\n/,
    );

    const restored = await kind.create();
    try {
      const restore = await runDataCommand({ DATABASE_URL: databaseUrlOf(restored.config) }, 'restore', last);
      expect(restore.code, restore.output).toBe(0);
      const next = await serveStore(databaseUrlOf(restored.config), { API_KEYS: KEY });
      try {
        const animal = await call(next.origin, KEY, '/v1/pets', {
          method: 'POST',
          body: { name: 'after', categoryId: 1 },
        });
        expect(animal.status).toBe(201);
        // Larger than every id the store had handed out when the backup began, and every id the backup holds.
        expect((animal.body as { id: number }).id).toBeGreaterThan(Math.max(...lastUsed));
      } finally {
        await next.server.stop();
      }
    } finally {
      await restored.drop();
    }
    // Five backups and a restore, each a process started through tsx, on a loaded machine.
  }, 300_000);

  it('never replaces a file', async () => {
    const file = join(folder, 'taken.db');
    writeFileSync(file, 'kept');
    const again = await runDataCommand({ DATABASE_URL: databaseUrlOf(store.config) }, 'backup', file);
    expect(again).toStrictEqual({
      code: 1,
      output: `data: ${file} exists: a backup never replaces a file, so name a new one.\n`,
    });
    expect(readFileSync(file, 'utf8')).toBe('kept');
  });
});
