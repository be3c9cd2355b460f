import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories } from '../store/repositories.js';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { type DataConnection, openDataConnection, type Values } from './data-connection.js';
import { columnNames, tableNames } from './store-inspection.js';
import { BOOKKEEPING_TABLES, STORE_TABLES } from './store-tables.js';
import { canonicalRow, TableHash } from './table-digest.js';

describe.each(testDatabaseKinds)('the tables a copy knows, on $name', (kind) => {
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

  it('reads text keys in the order of their bytes, as the other database does', async () => {
    const milestones = STORE_TABLES.find((table) => table.name === 'store_milestones');
    if (!milestones) throw new Error('no store_milestones table');
    await connection.db
      .insertInto('store_milestones')
      .values(['apple', 'Zebra', 'éclair', 'a_b', 'aB'].map((name) => ({ name, reached_at: 'then' })))
      .execute();
    const names: unknown[] = [];
    // As a copy reads: in a transaction, which a PostgreSQL cursor needs.
    await sql`begin`.execute(connection.db);
    for await (const batch of connection.readRows(milestones)) names.push(...batch.map(([name]) => name));
    await sql`rollback`.execute(connection.db);
    expect(names).toStrictEqual(['Zebra', 'aB', 'a_b', 'apple', 'éclair']);
  });

  // A migration that adds a table or a column fails this until the copy carries it too.
  it('are every table and column the migrations make', async () => {
    const made = (await tableNames(connection)).filter((name) => !BOOKKEEPING_TABLES.has(name));
    expect(made).toStrictEqual(STORE_TABLES.map((table) => table.name).sort());
    for (const table of STORE_TABLES) {
      expect(await columnNames(connection, table.name)).toStrictEqual(Object.keys(table.columns).sort());
    }
  });
});

describe('the canonical row', () => {
  it('reads alike whichever form a driver gave an integer in', () => {
    const sqlite = canonicalRow([7n, 'Rex', 3n, null]);
    expect(canonicalRow(['7', 'Rex', '3', null])).toBe(sqlite);
    expect(canonicalRow([7, 'Rex', 3, null])).toBe(sqlite);
    expect(canonicalRow([7n, 'Rex', 3n, 'null'])).not.toBe(sqlite);
  });
});

describe('the hash of a table', () => {
  const hashOf = (...batches: Values[][]) => {
    const hashed = new TableHash();
    for (const batch of batches) hashed.add(batch);
    return hashed.digest();
  };
  const rows: Values[] = [
    [1n, 'Rex', 3n, null],
    [2n, 'Tom', 3n, 'sold'],
  ];

  it('is the same however rows are batched, and changes with a row changed, read twice or out of place', () => {
    expect(hashOf(rows.slice(0, 1), rows.slice(1))).toStrictEqual(hashOf(rows));
    const checksum = hashOf(rows).checksum;
    expect(hashOf([rows[0] as Values, [2n, 'Tom', 3n, null]]).checksum).not.toBe(checksum);
    expect(hashOf(rows, rows.slice(1)).checksum).not.toBe(checksum);
    expect(hashOf([...rows].reverse()).checksum).not.toBe(checksum);
  });
});
