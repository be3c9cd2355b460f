import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { checkAuditChain } from '../data-commands/audit-chain-check.js';
import { databaseUrlOf, type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { auditChainHead, auditEventsInOrder } from './audit-events-in-order.js';
import { SERVER_ITSELF } from './audit-log.js';
import { openRepositories, type Repositories } from './repositories.js';

const MONTHS = ['2026-01-15', '2026-02-15', '2026-03-15', '2026-04-15'];

describe.each(testDatabaseKinds)('audit log retention on $name', (kind) => {
  let database: TestDatabase;
  let store: Repositories;

  beforeAll(async () => {
    database = await kind.create();
    store = await openRepositories(database.config);
    for (const [index, day] of MONTHS.entries()) {
      await store.auditLog.record(SERVER_ITSELF, {
        action: 'api_key.created',
        outcome: 'done',
        code: null,
        keyId: index + 1,
        at: `${day}T12:00:00.000Z`,
      });
    }
  });

  afterAll(async () => {
    await store.database.close();
    await database.drop();
  });

  const ids = async () => {
    const events = [];
    for await (const event of auditEventsInOrder(store.database.db)) events.push(event.id);
    return events;
  };

  it('prunes the events older than the bound, keeps the last removed hash as the start, and the chain verifies', async () => {
    const removedLast = (await store.auditLog.list({ limit: 10, action: 'api_key.created' })).events.find(
      (event) => event.id === 2,
    );
    expect(await store.auditLog.prune('2026-03-01T00:00:00.000Z')).toBe(2);
    expect(await ids()).toStrictEqual([3, 4]);
    expect((await auditChainHead(store.database.db))?.startHash).toBe(removedLast?.hash);
    expect(await checkAuditChain(store.database.db)).toStrictEqual({
      name: 'the audit log hash chain verifies',
    });
    expect(await store.auditLog.prune('2026-03-01T00:00:00.000Z')).toBe(0);
  });

  it('goes on chaining after a prune, also once every event is pruned', async () => {
    expect(await store.auditLog.prune('2027-01-01T00:00:00.000Z')).toBe(2);
    expect(await ids()).toStrictEqual([]);
    expect(await checkAuditChain(store.database.db)).toStrictEqual({
      name: 'the audit log hash chain verifies',
    });
    await store.apiKeys.create('after the prune');
    expect(await ids()).toStrictEqual([5]);
    expect(await checkAuditChain(store.database.db)).toStrictEqual({
      name: 'the audit log hash chain verifies',
    });
  });

  it('keeps 400 days by default, and every event with 0', () => {
    const url = databaseUrlOf(database.config);
    expect(loadConfig({ DATABASE_URL: url }).auditRetentionDays).toBe(400);
    expect(loadConfig({ DATABASE_URL: url, AUDIT_RETENTION_DAYS: '0' }).auditRetentionDays).toBe(0);
  });
});
