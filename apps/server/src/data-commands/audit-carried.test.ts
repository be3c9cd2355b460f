import { join } from 'node:path';
import type { AuditEvent } from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../config/config.js';
import { auditEventsInOrder } from '../store/audit-events-in-order.js';
import { openRepositories } from '../store/repositories.js';
import { runDataCommand } from '../test-support/data-command.js';
import {
  databaseUrlOf,
  sqliteTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/databases.js';

const CHAIN_OK = '\nok\tthe audit log hash chain verifies\n';

async function eventsOf(config: DatabaseConfig): Promise<AuditEvent[]> {
  const store = await openRepositories(config);
  try {
    const events = [];
    for await (const event of auditEventsInOrder(store.database.db)) events.push(event);
    return events;
  } finally {
    await store.database.close();
  }
}

describe('backup, restore and copy carry the audit chain', () => {
  let source: TestDatabase;
  let sourceUrl: string;
  let backup: string;
  let sourceEvents: AuditEvent[];

  beforeAll(async () => {
    source = await sqliteTestDatabase.create();
    sourceUrl = databaseUrlOf(source.config);
    const store = await openRepositories(source.config);
    const key = await store.apiKeys.create('reader', { scopes: ['pets:read'] });
    await store.apiKeys.rotate(key.id, 1);
    await store.apiKeys.revoke(key.id);
    await store.database.close();
    sourceEvents = await eventsOf(source.config);
    backup = join(source.config.kind === 'sqlite' ? source.config.path : '', '..', 'audit-backup.db');
    const made = await runDataCommand({ DATABASE_URL: sourceUrl }, 'backup', backup);
    expect(made.code, made.output).toBe(0);
  });

  afterAll(async () => {
    await source?.drop();
  });

  it('keeps every event in the backup, where the chain verifies', async () => {
    expect(await eventsOf({ kind: 'sqlite', path: backup } as DatabaseConfig)).toStrictEqual(sourceEvents);
    expect((await runDataCommand({ DATABASE_URL: `file:${backup}` }, 'check')).output).toContain(CHAIN_OK);
  });

  describe.each(testDatabaseKinds)('into an empty $name database', (kind) => {
    let target: TestDatabase | undefined;

    afterAll(async () => {
      await target?.drop();
    });

    it.each([
      ['restore', 'store.restored', 'data restore'],
      ['copy', 'store.copied', 'data copy'],
    ])(
      '%s carries the events and goes on with its own, and the chain verifies',
      async (command, action, by) => {
        await target?.drop();
        target = await kind.create();
        const url = databaseUrlOf(target.config);
        const loaded =
          command === 'restore'
            ? await runDataCommand({ DATABASE_URL: url }, 'restore', backup)
            : await runDataCommand({ DATABASE_URL: sourceUrl }, 'copy', '--to', url);
        expect(loaded.code, loaded.output).toBe(0);

        const events = await eventsOf(target.config);
        expect(events.slice(0, -1)).toStrictEqual(sourceEvents);
        expect(events.at(-1)).toMatchObject({
          id: sourceEvents.length + 1,
          action,
          outcome: 'done',
          actor: {
            type: 'operator',
            keyId: null,
            name: expect.stringMatching(new RegExp(`^${by} by .+$`)),
          },
          keyId: null,
          previousHash: sourceEvents.at(-1)?.hash,
        });
        const checked = await runDataCommand({ DATABASE_URL: url }, 'check');
        expect(checked.output).toContain(CHAIN_OK);
      },
    );
  });
});
