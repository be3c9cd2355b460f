import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAuditChain } from '../data-commands/audit-chain-check.js';
import { auditEventsInOrder } from '../store/audit-events-in-order.js';
import { openRepositories } from '../store/repositories.js';
import { databaseUrlOf, postgresTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { runServerScript, type ServerProcess } from '../test-support/server-process.js';

const MANAGER_KEY = 'audit-workers-test-key-0123456789';

describe.skipIf(!postgresTestDatabase)(
  'the audit chain with two workers appending at once on postgres',
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let origin: string;

    beforeAll(async () => {
      database = await (postgresTestDatabase as NonNullable<typeof postgresTestDatabase>).create();
      server = runServerScript('src/main.ts', {
        DATABASE_URL: databaseUrlOf(database.config),
        API_KEYS: MANAGER_KEY,
        WORKERS: '2',
      });
      origin = await server.listening;
      // Both workers listen before the test starts: one alone would append every event in one process.
      while (server.output().split('Animal Store listening').length - 1 < 2) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });

    afterAll(async () => {
      server?.child.kill('SIGTERM');
      await server?.exited;
      await database?.drop();
    });

    it('stays one line: every event follows the one before, ids without gaps', async () => {
      const statuses = await Promise.all(
        Array.from({ length: 40 }, async (_, index) => {
          const response = await fetch(`${origin}/v1/api-keys`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${MANAGER_KEY}`,
              'content-type': 'application/json',
              connection: 'close',
            },
            body: JSON.stringify({ name: `parallel ${index}`, scopes: ['pets:read'] }),
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(statuses).toStrictEqual(Array(40).fill(201));
      const store = await openRepositories(database.config);
      try {
        const ids = [];
        for await (const event of auditEventsInOrder(store.database.db)) ids.push(event.id);
        expect(ids).toStrictEqual(Array.from({ length: 40 }, (_, index) => index + 1));
        expect(await checkAuditChain(store.database.db)).toStrictEqual({
          name: 'the audit log hash chain verifies',
        });
      } finally {
        await store.database.close();
      }
    });
  },
);
