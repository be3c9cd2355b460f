import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LASTING_MANAGER_HOURS } from '@animal-store/contract';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories } from './store/repositories.js';
import { runDataCommand } from './test-support/data-command.js';
import { databaseUrlOf, sqliteTestDatabase, type TestDatabase } from './test-support/databases.js';

const NO_LASTING_MANAGER =
  `no active key with keys:manage that is not rotated and lasts over ${LASTING_MANAGER_HOURS} hours, and no ` +
  'API_KEYS: create one with `keys create`';

describe('data command line', () => {
  it.each([
    [[], 'a command is needed: backup, restore, copy, check or audit-export'],
    [['backup'], '`data backup` needs the FILE to write'],
    [['restore', 'a.db', 'b.db'], "unexpected argument 'b.db' after 'restore'"],
    [['copy'], '`data copy` needs --to URL, the empty database to copy into'],
    [['copy', '--to', 'mysql://db'], '--to must be a postgres://, postgresql:// or file: URL'],
    [['check', '--to', 'file:x.db'], '--to is only for `data copy`'],
    [['vacuum'], "unknown command 'vacuum': use backup, restore, copy, check or audit-export"],
  ])('%j exits 2, saying what is wrong before the usage', async (args, problem) => {
    const result = await runDataCommand({}, ...args);
    expect(result.code).toBe(2);
    expect(result.output.startsWith(`data: ${problem}\n\nBack up, restore, copy and check`)).toBe(true);
    expect(result.output).toContain('data copy --to URL');
  });

  it('prints the usage on stdout for --help, exit 0', async () => {
    const result = await runDataCommand({}, '--help');
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/^Back up, restore, copy and check .*\n\nUsage:\n {2}data backup FILE/s);
  });
});

describe('data check', () => {
  let store: TestDatabase;
  let path: string;

  beforeAll(async () => {
    store = await sqliteTestDatabase.create();
    path = store.config.kind === 'sqlite' ? store.config.path : '';
    const repositories = await openRepositories(store.config);
    const reader = await repositories.apiKeys.create('reader', { scopes: ['pets:read'] });
    await repositories.apiKeys.rotate(reader.id, 1);
    await repositories.database.close();
  });

  afterAll(async () => {
    await store?.drop();
  });

  it('names the invariants that fail, exit 1: no way left to manage keys, two successors of one key', async () => {
    const file = new SqliteDatabase(path);
    // A second successor of key 1, as a race the store's rotation rules out would leave it.
    file.exec(
      "insert into api_keys (name, key_hash, key_prefix, created_at, scopes, replaces_id) values ('twin', 'x', 'as_x', '2026-01-01T00:00:00.000Z', 'pets:read', 1)",
    );
    file.close();
    const result = await runDataCommand({ DATABASE_URL: `file:${path}` }, 'check');
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      '\nFAILED\tone successor per rotated key: keys with several successors: 1\n',
    );
    expect(result.output).toContain(`\nFAILED\ta way left to manage keys: ${NO_LASTING_MANAGER}\n`);
    expect(result.output).toContain('\nok\tevery replaces_id names an existing key\n');
    expect(result.output).toMatch(
      /\ndata: the store at \S+ fails 2 checks: one successor per rotated key; a way left to manage keys\.\n$/,
    );
  });

  it('fails a store whose one manager expires within the bound: it is about to be locked out', async () => {
    const soon = await sqliteTestDatabase.create();
    try {
      const repositories = await openRepositories(soon.config);
      const expiresAt = new Date(Date.now() + (LASTING_MANAGER_HOURS - 1) * 3600_000).toISOString();
      await repositories.apiKeys.create('manager', { scopes: ['keys:manage'], expiresAt });
      await repositories.database.close();
      const result = await runDataCommand({ DATABASE_URL: databaseUrlOf(soon.config) }, 'check');
      expect(result.code).toBe(1);
      expect(result.output).toContain(`\nFAILED\ta way left to manage keys: ${NO_LASTING_MANAGER}\n`);
    } finally {
      await soon.drop();
    }
  });

  it('counts a key configured by API_KEYS as a way to manage keys', async () => {
    const result = await runDataCommand(
      { DATABASE_URL: `file:${path}`, API_KEYS: 'configured-key-0123456789' },
      'check',
    );
    expect(result.output).toContain('\nok\ta way left to manage keys\n');
  });

  it('creates no database where there is none, exit 1', async () => {
    const missing = join(path, '..', 'missing.db');
    const result = await runDataCommand({ DATABASE_URL: `file:${missing}` }, 'check');
    expect(existsSync(missing)).toBe(false);
    expect(result).toStrictEqual({
      code: 1,
      output: `data: there is no SQLite database at ${missing} (the file does not exist): set DATABASE_URL to the store's file (a relative file: path is relative to the folder you typed the command in).\n`,
    });
  });
});
