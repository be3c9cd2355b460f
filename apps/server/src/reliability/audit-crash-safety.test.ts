import { type AuditEvent, CreatedApiKeySchema } from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAuditChain } from '../data-commands/audit-chain-check.js';
import { auditEventsInOrder } from '../store/audit-events-in-order.js';
import { openRepositories } from '../store/repositories.js';
import { databaseUrlOf, type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { runServerScript } from '../test-support/server-process.js';

const MANAGER_KEY = 'audit-crash-test-key-0123456789';
const asManager = { authorization: `Bearer ${MANAGER_KEY}`, 'content-type': 'application/json' };

const sorted = (values: Iterable<string>) => [...values].sort();

describe.each(testDatabaseKinds)('SIGKILL during a stream of key operations on $name', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await kind.create();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('leaves the keys and the audit events agreeing exactly, and the chain verifying', async () => {
    const server = runServerScript('src/main.ts', {
      DATABASE_URL: databaseUrlOf(database.config),
      API_KEYS: MANAGER_KEY,
    });
    const origin = await server.listening;
    let answered = 0;
    const send = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${origin}/v1${path}`, {
        method,
        headers: asManager,
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      answered++;
      return response.status === 201 ? CreatedApiKeySchema.parse(await response.json()) : undefined;
    };
    // Each writer creates a key, rotates it, rotates it again (refused), and revokes the successor.
    const writer = async (worker: number) => {
      for (let index = 0; ; index++) {
        try {
          const created = await send('POST', '/api-keys', {
            name: `w${worker}-${index}`,
            scopes: ['pets:read'],
          });
          if (!created) continue;
          const successor = await send('POST', `/api-keys/${created.id}/rotate`, { overlapHours: 1 });
          await send('POST', `/api-keys/${created.id}/rotate`, {});
          if (successor) await send('DELETE', `/api-keys/${successor.id}`);
        } catch {
          return; // The process is gone.
        }
      }
    };
    const writers = Promise.all([1, 2, 3, 4].map(writer));
    await expect.poll(() => answered, { timeout: 30_000 }).toBeGreaterThan(60);
    server.child.kill('SIGKILL');
    await writers;
    await server.exited;

    const store = await openRepositories(database.config);
    try {
      const keys = await store.apiKeys.list();
      const events: AuditEvent[] = [];
      for await (const event of auditEventsInOrder(store.database.db)) events.push(event);
      const done = (action: string) =>
        events.filter((event) => event.action === action && event.outcome === 'done');
      const pairs = (values: [unknown, unknown][]) => sorted(values.map(([a, b]) => `${a}->${b}`));

      expect(pairs(done('api_key.created').map((event) => [event.keyId, '']))).toStrictEqual(
        pairs(keys.filter((key) => key.replacesId === null).map((key) => [key.id, ''])),
      );
      expect(pairs(done('api_key.rotated').map((event) => [event.keyId, event.successorId]))).toStrictEqual(
        pairs(keys.filter((key) => key.replacesId !== null).map((key) => [key.replacesId, key.id])),
      );
      expect(sorted(keys.filter((key) => key.rotatedAt !== null).map((key) => String(key.id)))).toStrictEqual(
        sorted(done('api_key.rotated').map((event) => String(event.keyId))),
      );
      expect(pairs(done('api_key.revoked').map((event) => [event.keyId, '']))).toStrictEqual(
        pairs(keys.filter((key) => key.revokedAt !== null).map((key) => [key.id, ''])),
      );
      expect(events.filter((event) => event.outcome === 'refused').length).toBeGreaterThan(0);
      expect(events.map((event) => event.id)).toStrictEqual(events.map((_, index) => index + 1));
      expect(await checkAuditChain(store.database.db)).toStrictEqual({
        name: 'the audit log hash chain verifies',
      });
    } finally {
      await store.database.close();
    }
  });
});
