import { ApiKeyListSchema, ApiKeySchema, CreatedApiKeySchema } from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlOf, type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { runServerScript } from '../test-support/server-process.js';

const MANAGER_KEY = 'key-crash-test-key-0123456789';
const asManager = { authorization: `Bearer ${MANAGER_KEY}`, 'content-type': 'application/json' };

interface Acknowledged {
  id: number;
  key: string;
  /** The key it replaced, for a rotation's successor. */
  replaced?: number;
}

describe.each(testDatabaseKinds)(
  'SIGKILL during a stream of key creations and rotations on $name',
  (kind) => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await kind.create();
    });

    afterAll(async () => {
      await database.drop();
    });

    it('keeps every key that got a 201, exactly once, and its secret works', async () => {
      const DATABASE_URL = databaseUrlOf(database.config);
      const env = { DATABASE_URL, API_KEYS: MANAGER_KEY };
      const first = runServerScript('src/main.ts', env);
      const origin = await first.listening;

      const acknowledged: Acknowledged[] = [];
      /** Keys whose rotation was sent: one cut short by the kill may or may not have been committed. */
      const rotationSent = new Set<number>();
      const post = async (path: string, body: unknown) => {
        const response = await fetch(`${origin}/v1${path}`, {
          method: 'POST',
          headers: asManager,
          body: JSON.stringify(body),
        });
        return response.status === 201 ? CreatedApiKeySchema.parse(await response.json()) : undefined;
      };
      // Each writer makes a key, then rotates it with no overlap: a stream of both writes the API offers.
      const writer = async (worker: number) => {
        for (let index = 0; ; index++) {
          try {
            const created = await post('/api-keys', { name: `w${worker}-${index}`, scopes: ['pets:read'] });
            if (created === undefined) continue;
            acknowledged.push({ id: Number(created.id), key: created.key });
            rotationSent.add(Number(created.id));
            const successor = await post(`/api-keys/${created.id}/rotate`, { overlapHours: 0 });
            if (successor)
              acknowledged.push({ id: Number(successor.id), key: successor.key, replaced: +created.id });
          } catch {
            return; // The process is gone: what it was doing was never acknowledged.
          }
        }
      };
      const writers = Promise.all([1, 2, 3, 4].map(writer));
      await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(40);
      first.child.kill('SIGKILL');
      await writers;
      await first.exited;

      const second = runServerScript('src/main.ts', env);
      try {
        const again = await second.listening;
        const listed = ApiKeyListSchema.parse(
          await (await fetch(`${again}/v1/api-keys`, { headers: asManager })).json(),
        );
        const ids = listed.map((key) => key.id);
        expect(new Set(ids).size).toBe(ids.length);
        const replaced = new Set(acknowledged.flatMap((key) => key.replaced ?? []));
        for (const { id, key } of acknowledged) {
          const stored = listed.find((each) => each.id === id);
          // A rotated key ended with its rotation (no overlap); every other acknowledged key still opens the store.
          if (replaced.has(id)) {
            expect(stored?.state).toBe('expired');
          } else if (stored?.state === 'expired') {
            expect(rotationSent).toContain(id);
          } else {
            expect(stored?.state).toBe('active');
            const current = await fetch(`${again}/v1/api-keys/current`, {
              headers: { authorization: `Bearer ${key}` },
            });
            expect(current.status).toBe(200);
            expect(ApiKeySchema.parse(await current.json()).id).toBe(id);
          }
        }
      } finally {
        second.child.kill('SIGKILL');
      }
    });
  },
);
