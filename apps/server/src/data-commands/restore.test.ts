import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories } from '../store/repositories.js';
import { call, runDataCommand, serveStore } from '../test-support/data-command.js';
import {
  databaseUrlOf,
  sqliteTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/databases.js';
import { RELEASE_SCHEMA } from './versions.js';

describe('data restore', () => {
  let store: TestDatabase;
  let folder: string;
  let key: string;
  let backup: string;

  beforeAll(async () => {
    store = await sqliteTestDatabase.create();
    const path = store.config.kind === 'sqlite' ? store.config.path : '';
    folder = join(path, '..');
    const repositories = await openRepositories(store.config);
    key = (await repositories.apiKeys.create('ops')).key;
    for (const name of ['Rex', 'Tom', 'Kit']) await repositories.pets.create({ name, categoryId: 4 });
    await repositories.database.close();
    backup = join(folder, 'backup.db');
    const made = await runDataCommand({ DATABASE_URL: `file:${path}` }, 'backup', backup);
    expect(made.code, made.output).toBe(0);
  });

  afterAll(async () => {
    await store?.drop();
  });

  describe.each(testDatabaseKinds)('into an empty $name database', (kind) => {
    let target: TestDatabase;
    beforeAll(async () => {
      target = await kind.create();
    });
    afterAll(async () => {
      await target?.drop();
    });

    it('restores the backup, which the server then serves', async () => {
      const restored = await runDataCommand(
        { DATABASE_URL: databaseUrlOf(target.config) },
        'restore',
        backup,
      );
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toMatch(/\npets\t3\t[0-9a-f]{16}\t4\n/);

      const { origin, server } = await serveStore(databaseUrlOf(target.config));
      try {
        const listed = await call(origin, key, '/v1/pets');
        expect(listed.body).toStrictEqual([
          { id: 1, name: 'Rex', categoryId: 4 },
          { id: 2, name: 'Tom', categoryId: 4 },
          { id: 3, name: 'Kit', categoryId: 4 },
        ]);
        const created = await call(origin, key, '/v1/pets', {
          method: 'POST',
          body: { name: 'Bo', categoryId: 4 },
        });
        expect(created).toMatchObject({ status: 201, body: { id: 4 } });
      } finally {
        await server.stop();
      }
    });

    it('refuses a database that holds data, and leaves it as it was', async () => {
      const again = await runDataCommand({ DATABASE_URL: databaseUrlOf(target.config) }, 'restore', backup);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(
        /^data: the database at \S+ holds data \(milestones: 1, API keys: 1, animals: 4, audit events: 2, audit chain heads: 1\); it is left as it is: choose an empty one\.\n$/,
      );
    });
  });

  it("brings a backup an earlier release made to this release's schema, without writing the backup", async () => {
    // A backup as the release before migration 006 wrote it: no replaces_id column, no store_version table, no
    // record of 006 or of the migrations after it.
    const older = join(folder, 'older.db');
    const file = new SqliteDatabase(backup, { readonly: true });
    await file.backup(older);
    file.close();
    const edit = new SqliteDatabase(older);
    edit.exec(
      `alter table api_keys drop column replaces_id; alter table api_keys drop column rate_limit_per_minute;
      alter table api_keys drop column allowed_networks; drop table store_version; drop table audit_events;
      drop table audit_chain;
      delete from kysely_migration where name >= '006-'`,
    );
    edit.close();

    const target = join(folder, 'from-older.db');
    const restored = await runDataCommand({ DATABASE_URL: `file:${target}` }, 'restore', older);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(new RegExp(`\\nSchema version ${RELEASE_SCHEMA}\\.`));
    const untouched = new SqliteDatabase(older, { readonly: true });
    expect(
      untouched.prepare("select count(*) from kysely_migration where name like '006-%'").pluck().get(),
    ).toBe(0);
    untouched.close();
  });

  it.each([
    ['a file that does not exist', 'missing.db', /^data: \S+missing\.db does not exist\.\n$/],
    [
      'a file that is not a store backup',
      'notes.txt',
      /^data: \S+notes\.txt is not a readable store backup \(file is not a database\)\.\n$/,
    ],
  ])('refuses %s, exit 1', async (_, name, message) => {
    if (name === 'notes.txt') writeFileSync(join(folder, name), 'not a database, just notes\n'.repeat(200));
    const restored = await runDataCommand(
      { DATABASE_URL: `file:${join(folder, 'never.db')}` },
      'restore',
      join(folder, name),
    );
    expect(restored.code).toBe(1);
    expect(restored.output).toMatch(message);
  });
});
