import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openRepositories, type Repositories } from '../store/repositories.js';
import { runDataCommand } from '../test-support/data-command.js';
import { databaseUrlOf, type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';

const CHAIN = 'the audit log hash chain verifies';

describe.each(testDatabaseKinds)('data check verifies the audit chain on $name', (kind) => {
  let database: TestDatabase | undefined;
  let store: Repositories | undefined;

  afterEach(async () => {
    await store?.database.close();
    await database?.drop();
  });

  /** A store with five events (ids 1–5), and a way to tamper with it and check it. */
  async function storeWithEvents() {
    database = await kind.create();
    store = await openRepositories(database.config);
    const keys = store.apiKeys;
    const manager = await keys.create('manager');
    const reader = await keys.create('reader', { scopes: ['pets:read'] });
    await keys.rotate(reader.id, 1);
    await keys.revoke(reader.id);
    await keys.revoke(manager.id, { keepAManager: true });
    const url = databaseUrlOf(database.config);
    return {
      tamper: async (statements: string[]) => {
        for (const statement of statements)
          await sql.raw(statement).execute((store as Repositories).database.db);
      },
      check: () => runDataCommand({ DATABASE_URL: url }, 'check'),
    };
  }

  it('passes an untouched chain', async () => {
    const { check } = await storeWithEvents();
    const result = await check();
    expect(result.output).toContain(`\nok\t${CHAIN}\n`);
    expect(result.code).toBe(0);
  });

  it.each([
    [
      'a changed event',
      ["update audit_events set actor_name = 'someone else' where id = 3"],
      'event 3 was changed',
    ],
    [
      'a removed event',
      ['delete from audit_events where id = 3'],
      'event 4 does not follow the event before it (event 2)',
    ],
    [
      'two events reordered',
      [
        'update audit_events set id = 0 where id = 2',
        'update audit_events set id = 2 where id = 3',
        'update audit_events set id = 3 where id = 0',
      ],
      'event 2 does not follow the event before it (event 1)',
    ],
    [
      'the newest event removed',
      ['delete from audit_events where id = 5'],
      "the newest is event 4, but the chain's head names event 5",
    ],
  ])('fails on %s, naming the first event that breaks the chain, exit 1', async (_, statements, named) => {
    const { tamper, check } = await storeWithEvents();
    await tamper(statements);
    const result = await check();
    expect(result.code).toBe(1);
    expect(result.output).toContain(`\nFAILED\t${CHAIN}: ${named}`);
  });
});
