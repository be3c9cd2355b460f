import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_VERSION } from '../release-version.js';
import { openRepositories, type Repositories } from '../store/repositories.js';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { MIGRATION_NAMES } from './migrations.js';
import { readStoreVersion } from './store-version.js';

describe.each(testDatabaseKinds)('the store version on $name', (kind) => {
  let database: TestDatabase;
  let store: Repositories;

  beforeAll(async () => {
    database = await kind.create();
    store = await openRepositories(database.config);
  });

  afterAll(async () => {
    await store.database.close();
    await database.drop();
  });

  it('records the schema version and the release that wrote it', async () => {
    expect(await readStoreVersion(store.database.db, store.database.dialect)).toStrictEqual({
      migrations: [...MIGRATION_NAMES],
      schemaVersion: MIGRATION_NAMES.length,
      release: RELEASE_VERSION,
    });
  });

  it('refuses a database with a migration it does not know, or a later schema version, in one sentence', async () => {
    const refusal = `The database has schema version ${MIGRATION_NAMES.length + 1}, written by release 99.0.0, and this server (release ${RELEASE_VERSION}) knows schema versions up to ${MIGRATION_NAMES.length}: start a release at least as new as the one that wrote it.`;
    const { db } = store.database;
    await db
      .updateTable('store_version')
      .set({ schema_version: MIGRATION_NAMES.length + 1, release: '99.0.0' })
      .execute();
    await expect(openRepositories(database.config)).rejects.toThrow(refusal);
    await db.updateTable('store_version').set({ schema_version: MIGRATION_NAMES.length }).execute();
    // Its version row put back to this schema version, the migration it ran still says the database is newer.
    // biome-ignore lint/suspicious/noExplicitAny: the bookkeeping table is Kysely's, not in the store's schema.
    await (db as any)
      .insertInto('kysely_migration')
      .values({ name: '999-from-a-newer-release', timestamp: '' })
      .execute();
    await expect(openRepositories(database.config)).rejects.toThrow(refusal);
  });
});
