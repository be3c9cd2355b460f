import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../database/migrations.js';
import { RELEASE_VERSION } from '../release-version.js';
import { openRepositories } from '../store/repositories.js';
import { runDataCommand } from '../test-support/data-command.js';
import {
  databaseUrlOf,
  sqliteTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/databases.js';
import { openDataConnection, withoutPassword } from './data-connection.js';
import { tableNames } from './store-inspection.js';

/** The two marks a later release leaves on a store: a higher recorded schema version, a migration unknown here. */
const LATER_RELEASE = {
  'a higher schema version': async (config: TestDatabase['config']) => {
    const connection = openDataConnection(config);
    try {
      await sql`update store_version set schema_version = ${MIGRATION_NAMES.length + 1}, release = '99.0.0'`.execute(
        connection.db,
      );
    } finally {
      await connection.close();
    }
  },
  'a migration this release does not know': async (config: TestDatabase['config']) => {
    const connection = openDataConnection(config);
    try {
      await sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-release', '')`.execute(
        connection.db,
      );
      await sql`update store_version set schema_version = ${MIGRATION_NAMES.length + 1}, release = '99.0.0'`.execute(
        connection.db,
      );
    } finally {
      await connection.close();
    }
  },
};

/** The server's own refusal (database/store-version.ts), after the store it names. */
const refusal = (label: string) =>
  `data: ${label}: The database has schema version ${MIGRATION_NAMES.length + 1}, written by release 99.0.0, and this server (release ${RELEASE_VERSION}) knows schema versions up to ${MIGRATION_NAMES.length}: start a release at least as new as the one that wrote it.\n`;

const labelOf = (config: TestDatabase['config']) =>
  config.kind === 'sqlite' ? config.path : withoutPassword(config.url);

describe.each(testDatabaseKinds)('the data commands on a store a later release wrote, on $name', (kind) => {
  let folder: string;
  const made: TestDatabase[] = [];

  /** A store this release made, then marked as a later release would have left it. */
  async function laterStore(on: typeof kind, mark: keyof typeof LATER_RELEASE): Promise<TestDatabase> {
    const store = await on.create();
    made.push(store);
    const repositories = await openRepositories(store.config);
    await repositories.apiKeys.create('ops');
    await repositories.database.close();
    await LATER_RELEASE[mark](store.config);
    return store;
  }

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'animal-store-newer-'));
  });

  afterAll(async () => {
    for (const store of made) await store.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  describe.each(Object.keys(LATER_RELEASE) as (keyof typeof LATER_RELEASE)[])('with %s', (mark) => {
    let store: TestDatabase;

    beforeAll(async () => {
      store = await laterStore(kind, mark);
    });

    it('`data check` refuses it, exit 1, in one sentence naming the versions', async () => {
      const check = await runDataCommand({ DATABASE_URL: databaseUrlOf(store.config) }, 'check');
      expect(check).toStrictEqual({ code: 1, output: refusal(labelOf(store.config)) });
    });

    it('`data backup` refuses it and writes no file', async () => {
      const file = join(folder, `backup-${kind.name}-${mark.length}.db`);
      const backup = await runDataCommand({ DATABASE_URL: databaseUrlOf(store.config) }, 'backup', file);
      expect(backup).toStrictEqual({ code: 1, output: refusal(labelOf(store.config)) });
      expect(existsSync(file)).toBe(false);
    });

    it('`data copy` refuses it and leaves no file', async () => {
      const file = join(folder, `copy-${kind.name}-${mark.length}.db`);
      const copy = await runDataCommand(
        { DATABASE_URL: databaseUrlOf(store.config) },
        'copy',
        '--to',
        `file:${file}`,
      );
      expect(copy).toStrictEqual({ code: 1, output: refusal(labelOf(store.config)) });
      expect(existsSync(file)).toBe(false);
    });

    it('`data restore` refuses a backup of it, and the target stays without a store', async () => {
      const backup = await laterStore(sqliteTestDatabase, mark);
      const file = backup.config.kind === 'sqlite' ? backup.config.path : '';
      const target = await kind.create();
      made.push(target);
      const restore = await runDataCommand({ DATABASE_URL: databaseUrlOf(target.config) }, 'restore', file);
      expect(restore).toStrictEqual({ code: 1, output: refusal(file) });
      const connection = openDataConnection(target.config);
      try {
        expect(await tableNames(connection)).toStrictEqual([]);
      } finally {
        await connection.close();
      }
    });
  });
});
