import { existsSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories } from '../store/repositories.js';
import { call, runDataCommand, serveStore } from '../test-support/data-command.js';
import {
  databaseUrlOf,
  postgresTestDatabase,
  sqliteTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/databases.js';
import { assertNextId } from './copy-store.js';
import { openDataConnection } from './data-connection.js';
import { setNextId, tableNames } from './store-inspection.js';
import { STORE_TABLES } from './store-tables.js';

/** What a store served before a copy, to be served the same after it. */
interface Served {
  manager: string;
  /** A key rotated an hour ago, still accepted during its overlap. */
  rotated: string;
  pets: unknown;
  keys: unknown;
  firstPage: { body: unknown; link: string | null };
  secondPage: unknown;
  replay: { status: number; body: unknown };
}

const IDEMPOTENT_PET = { name: 'Once', categoryId: 3 };

/** The API's key list without what a server records of its own use (`lastUsedAt`). */
const withoutUse = (keys: unknown) =>
  (keys as Record<string, unknown>[]).map(({ lastUsedAt: _, ...key }) => key);

describe.skipIf(!postgresTestDatabase)('data copy, SQLite to PostgreSQL', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let served: Served;

  beforeAll(async () => {
    source = await sqliteTestDatabase.create();
    target = await (postgresTestDatabase as NonNullable<typeof postgresTestDatabase>).create();
    const repositories = await openRepositories(source.config);
    const manager = (await repositories.apiKeys.create('ops')).key;
    const reader = await repositories.apiKeys.create('reader', { scopes: ['pets:read'] });
    await repositories.apiKeys.rotate(reader.id, 24);
    await repositories.database.close();

    const { origin, server } = await serveStore(databaseUrlOf(source.config));
    try {
      // Quotes, a backslash and a comma in a name: characters an array literal must escape on the way.
      for (const name of ['Rex', 'Tom "the \\ cat", {sic}', 'Kit', 'Bo']) {
        expect(
          (await call(origin, manager, '/v1/pets', { method: 'POST', body: { name, categoryId: 1 } })).status,
        ).toBe(201);
      }
      const idempotent = { method: 'POST', body: IDEMPOTENT_PET, headers: { 'idempotency-key': 'move-1' } };
      const replay = await call(origin, manager, '/v1/pets', idempotent);
      const firstPage = await call(origin, manager, '/v1/pets?limit=2');
      const next = /<([^>]+)>; rel="next"/.exec(firstPage.link ?? '')?.[1];
      served = {
        manager,
        rotated: reader.key,
        pets: (await call(origin, manager, '/v1/pets')).body,
        keys: withoutUse((await call(origin, manager, '/v1/api-keys')).body),
        firstPage: { body: firstPage.body, link: firstPage.link },
        secondPage: (await call(origin, manager, `/v1${next?.replace(/^\/v1/, '')}`)).body,
        replay: { status: replay.status, body: replay.body },
      };
    } finally {
      await server.stop();
    }
  });

  afterAll(async () => {
    await source?.drop();
    await target?.drop();
  });

  it('copies, verifies and says what it copied; the target then serves the same animals, keys, replays and cursors', async () => {
    const copy = await runDataCommand(
      { DATABASE_URL: databaseUrlOf(source.config) },
      'copy',
      '--to',
      databaseUrlOf(target.config),
    );
    expect(copy.code).toBe(0);
    expect(copy.output).toMatch(/^Copied .*store\.db to postgres:\/\/.*\.\nTABLE\tROWS\tCHECKSUM\tNEXT_ID\n/);
    expect(copy.output).toMatch(/\nstore_milestones\t1\t[0-9a-f]{16}\t-\n/);
    expect(copy.output).toMatch(/\napi_keys\t3\t[0-9a-f]{16}\t4\n/);
    expect(copy.output).toMatch(/\npets\t5\t[0-9a-f]{16}\t6\n/);
    expect(copy.output).toMatch(/\nidempotency_keys\t1\t[0-9a-f]{16}\t-\n/);

    const { origin, server } = await serveStore(databaseUrlOf(target.config));
    try {
      const { manager } = served;
      expect((await call(origin, manager, '/v1/pets')).body).toStrictEqual(served.pets);
      expect(withoutUse((await call(origin, manager, '/v1/api-keys')).body)).toStrictEqual(served.keys);
      // The key rotated before the copy still works through its overlap, and is still rotated once only.
      expect((await call(origin, served.rotated, '/v1/pets?limit=1')).status).toBe(200);
      const firstPage = await call(origin, manager, '/v1/pets?limit=2');
      expect({ body: firstPage.body, link: firstPage.link }).toStrictEqual(served.firstPage);
      const sourceCursor = /cursor=([^&>]+)/.exec(served.firstPage.link ?? '')?.[1];
      expect((await call(origin, manager, `/v1/pets?limit=2&cursor=${sourceCursor}`)).body).toStrictEqual(
        served.secondPage,
      );
      const replay = await call(origin, manager, '/v1/pets', {
        method: 'POST',
        body: IDEMPOTENT_PET,
        headers: { 'idempotency-key': 'move-1' },
      });
      expect({ status: replay.status, body: replay.body }).toStrictEqual(served.replay);
      // The identity sequence carries on after the largest copied id.
      const created = await call(origin, manager, '/v1/pets', {
        method: 'POST',
        body: { name: 'New', categoryId: 2 },
      });
      expect(created).toMatchObject({ status: 201, body: { id: 6, name: 'New' } });
    } finally {
      await server.stop();
    }
  });

  it('refuses a target that holds data, and leaves it as it was', async () => {
    const again = await runDataCommand(
      { DATABASE_URL: databaseUrlOf(source.config) },
      'copy',
      '--to',
      databaseUrlOf(target.config),
    );
    expect(again.code).toBe(1);
    // The stored keys' requests, counted while a server served the store, fall in one hour or two.
    expect(again.output).toMatch(
      /^data: the database at postgres:\/\/\S+ holds data \(milestones: 1, API keys: 3, animals: 6, Idempotency-Key records: 1, audit events: 4, audit chain heads: 1, hours of API key usage: [12]\); it is left as it is: choose an empty one\.\n$/,
    );
  });

  it('copies back from PostgreSQL into a new SQLite file, which passes `data check`', async () => {
    const file = join(source.config.kind === 'sqlite' ? source.config.path : '', '..', 'back.db');
    const copy = await runDataCommand(
      { DATABASE_URL: databaseUrlOf(target.config) },
      'copy',
      '--to',
      `file:${file}`,
    );
    expect(copy.code).toBe(0);
    expect(copy.output).toMatch(/\npets\t6\t[0-9a-f]{16}\t7\n/);
    const check = await runDataCommand({ DATABASE_URL: `file:${file}` }, 'check');
    expect(check).toMatchObject({ code: 0 });
  });
});

describe.skipIf(!postgresTestDatabase)('a copy that fails midway', () => {
  let source: TestDatabase;
  let target: TestDatabase;

  beforeAll(async () => {
    source = await sqliteTestDatabase.create();
    target = await (postgresTestDatabase as NonNullable<typeof postgresTestDatabase>).create();
    const repositories = await openRepositories(source.config);
    await repositories.apiKeys.create('ops');
    await repositories.database.close();
    // SQLite keeps a NUL character in text; PostgreSQL's text cannot hold one, so the last batch of animals fails.
    const file = new SqliteDatabase(source.config.kind === 'sqlite' ? source.config.path : '');
    const insert = file.prepare('insert into pets (name, category_id) values (?, 1)');
    file.transaction(() => {
      for (let index = 0; index < 12_000; index++) insert.run(`pet ${index}`);
      insert.run('nul\u0000byte');
    })();
    file.close();
  });

  afterAll(async () => {
    await source?.drop();
    await target?.drop();
  });

  it('rolls back everything, the schema included, and says so', async () => {
    const copy = await runDataCommand(
      { DATABASE_URL: databaseUrlOf(source.config) },
      'copy',
      '--to',
      databaseUrlOf(target.config),
    );
    expect(copy.code).toBe(1);
    expect(copy.output).toMatch(
      /^data: the copy stopped \(.*0x00.*\); its transaction was rolled back, so postgres:\/\/\S+ is as it was\.\n$/,
    );
    const connection = openDataConnection(target.config);
    try {
      expect(await tableNames(connection)).toStrictEqual([]);
    } finally {
      await connection.close();
    }
  });

  it("refuses a source that holds no store at this release's schema, leaving no file behind", async () => {
    const file = join(source.config.kind === 'sqlite' ? source.config.path : '', '..', 'never.db');
    const copy = await runDataCommand(
      { DATABASE_URL: databaseUrlOf(target.config) },
      'copy',
      '--to',
      `file:${file}`,
    );
    expect(copy.code).toBe(1);
    expect(copy.output).toMatch(
      /^data: the store at postgres:\/\/\S+ is at schema version none, and this release's is \d{3}-[a-z-]+: run this release's server on it once \(it migrates at start-up\), then copy it\.\n$/,
    );
    expect(existsSync(file)).toBe(false);
  });
});

describe.each(testDatabaseKinds)("a copy's check of the next id, on $name", (kind) => {
  let target: TestDatabase;

  beforeAll(async () => {
    target = await kind.create();
    const repositories = await openRepositories(target.config);
    await repositories.apiKeys.create('ops');
    await repositories.database.close();
  });

  afterAll(async () => {
    await target?.drop();
  });

  it('fails a target whose sequence was left behind, though the ids it holds are right', async () => {
    const pets = STORE_TABLES.find((table) => table.name === 'pets');
    if (!pets) throw new Error('the store copies pets');
    const connection = openDataConnection(target.config);
    try {
      await sql`insert into pets (name, category_id) values ('Rex', 1), ('Tom', 1)`.execute(connection.db);
      // Behind the largest id (2): PostgreSQL's identity would give 1 next and fail on the key. The larger of the
      // sequence and the largest id + 1 would say 3, as recorded: the check reads the sequence itself.
      await setNextId(connection, pets, 1n);
      await expect(assertNextId(connection, pets, 3n)).rejects.toThrow(
        'the next id of pets differs: 3 at the source, 1 at the target',
      );
      await setNextId(connection, pets, 3n);
      expect(await assertNextId(connection, pets, 3n)).toBe(3n);
    } finally {
      await connection.close();
    }
  });
});
