import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories } from '../store/repositories.js';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { type DataConnection, openDataConnection, type Values } from './data-connection.js';
import { STORE_TABLES, type StoreTable } from './store-tables.js';

const pets = STORE_TABLES.find((table) => table.name === 'pets') as StoreTable;

/** Values a line-and-tab format must carry through: its own separators, its escape, its NULL's spelling. */
const AWKWARD: Values[] = [
  [1n, 'tab\there', 1n, 'sold'],
  [2n, 'line\nbreak\rreturn', 2n, null],
  [3n, 'back\\slash \\N \\t', 3n, 'pending'],
  [4n, '\\N', 4n, null],
  [5n, '', 5n, 'available'],
];

describe.each(testDatabaseKinds)('writing a table for a copy, on $name', (kind) => {
  let database: TestDatabase;
  let connection: DataConnection;

  beforeAll(async () => {
    database = await kind.create();
    await (await openRepositories(database.config)).database.close();
    connection = openDataConnection(database.config);
  });

  afterAll(async () => {
    await connection?.close();
    await database?.drop();
  });

  async function readBack(): Promise<Values[]> {
    const rows: Values[] = [];
    for await (const batch of connection.readRows(pets)) rows.push(...batch);
    // Integers as both databases give them to a copy: SQLite's bigints, PostgreSQL's int8 text.
    return rows.map((row) => row.map((value) => (typeof value === 'bigint' ? String(value) : value)));
  }

  it('stores every value as written, in batches, with what the format itself uses inside them', async () => {
    await sql`begin`.execute(connection.db);
    try {
      const writer = await connection.writeRows(pets);
      await writer.write(AWKWARD.slice(0, 2));
      await writer.write(AWKWARD.slice(2));
      await writer.end();
      expect(await readBack()).toStrictEqual(
        AWKWARD.map((row) => row.map((value) => (typeof value === 'bigint' ? String(value) : value))),
      );
    } finally {
      await sql`rollback`.execute(connection.db);
    }
  });

  it('fails at its end when the database refuses a row, and leaves the connection to roll back', async () => {
    await sql`begin`.execute(connection.db);
    const writer = await connection.writeRows(pets);
    await writer.write([[10n, 'fine', 1n, 'sold']]).catch(() => {});
    await writer.write([[11n, 'refused', 1n, 'lost']]).catch(() => {});
    await expect(writer.end()).rejects.toThrow(/check constraint/i);
    await sql`rollback`.execute(connection.db);
    expect(await connection.db.selectFrom('pets').select('id').execute()).toStrictEqual([]);
  });
});
