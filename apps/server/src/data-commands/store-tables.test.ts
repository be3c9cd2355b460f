import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories } from '../store/repositories.js';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { type DataConnection, openDataConnection } from './data-connection.js';
import { columnNames, tableNames } from './store-inspection.js';
import { BOOKKEEPING_TABLES, STORE_TABLES } from './store-tables.js';
import { canonicalRow } from './table-digest.js';

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
  const [, apiKeys] = STORE_TABLES;
  const row = { id: 7, name: 'ops', key_hash: 'h', key_prefix: 'as_', created_at: 't', scopes: 's' };
  const nulls = {
    revoked_at: null,
    expires_at: null,
    last_used_at: null,
    deprecated_call_at: null,
    rotated_at: null,
  };

  it('reads alike whichever form a driver gave an integer in', () => {
    if (!apiKeys) throw new Error('no api_keys table');
    const sqlite = canonicalRow(apiKeys, { ...row, ...nulls, id: 7n, replaces_id: 3n });
    const postgres = canonicalRow(apiKeys, { ...row, ...nulls, id: '7', replaces_id: 3 });
    expect(sqlite).toBe(postgres);
    expect(canonicalRow(apiKeys, { ...row, ...nulls, replaces_id: null })).not.toBe(sqlite);
  });
});
