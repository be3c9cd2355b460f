import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { postgresTestDatabase } from '../test-support/databases.js';
import { callOnItsOwnConnection, statusesOf, useTwoWorkers } from '../test-support/two-workers.js';

// Several workers need PostgreSQL (SQLite serves one); CI always has it.
describe.skipIf(!postgresTestDatabase)(
  'WORKERS=2: a key revoked on one worker is refused by every worker',
  () => {
    const adminKey = `workers-${randomUUID()}`;
    const asAdmin = `Bearer ${adminKey}`;
    const workers = useTwoWorkers({
      API_KEYS: adminKey,
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_FAILURES_PER_MINUTE: '100000',
    });

    it('refuses with 401, on both workers, every request sent after the revocation was answered', async () => {
      const { origin, server, pidsAnswering } = workers();
      const created = await callOnItsOwnConnection(`${origin}/v1/api-keys`, {
        authorization: asAdmin,
        method: 'POST',
        body: { name: 'revoked', scopes: ['pets:read'] },
      });
      expect(created.status).toBe(201);
      const { id, key } = JSON.parse(created.body) as { id: number; key: string };
      // Both workers verify the key and cache it as active.
      const reads = (count: number) => statusesOf(count, `${origin}/v1/pets?limit=1`, `Bearer ${key}`);
      expect(new Set(await reads(20))).toStrictEqual(new Set([200]));
      await expect.poll(() => pidsAnswering(200).size).toBe(2);

      const revoked = await callOnItsOwnConnection(`${origin}/v1/api-keys/${id}`, {
        authorization: asAdmin,
        method: 'DELETE',
      });
      expect(revoked.status).toBe(200);
      expect(new Set(await reads(40))).toStrictEqual(new Set([401]));
      // Both workers refused it, each from its own cache's point of view.
      await expect.poll(() => pidsAnswering(401).size).toBe(2);
      // The other worker confirmed: the revocation did not wait out the relay's timeout.
      expect(server.output()).not.toContain('did not confirm a key change');
    });
  },
);
