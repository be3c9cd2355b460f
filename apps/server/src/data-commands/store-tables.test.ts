import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories } from '../store/repositories.js';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { type DataConnection, openDataConnection, type Values } from './data-connection.js';
import { columnNames, tableNames } from './store-inspection.js';
import { BOOKKEEPING_TABLES, STORE_TABLES } from './store-tables.js';
import { canonicalRow, DigestSum } from './table-digest.js';

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

describe('the digest of a table', () => {
  it('does not depend on the order rows come in, and changes with any row, read twice included', () => {
    const digest = (...batches: Values[][]) => {
      const sum = new DigestSum();
      for (const batch of batches) sum.add(batch);
      return sum.digest();
    };
    const rows: Values[] = [
      [1n, 'Rex', 3n, null],
      [2n, 'Tom', 3n, 'sold'],
    ];
    expect(digest([...rows].reverse())).toStrictEqual(digest(rows.slice(0, 1), rows.slice(1)));
    expect(digest(rows).checksum).not.toBe(digest([rows[0] as Values, [2n, 'Tom', 3n, null]]).checksum);
    expect(digest(rows, rows.slice(0, 1)).checksum).not.toBe(digest(rows).checksum);
  });
});
