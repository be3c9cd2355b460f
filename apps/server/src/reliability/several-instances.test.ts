import { randomUUID } from 'node:crypto';
import { CreatedApiKeySchema, PetListSchema, PetSchema } from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { runServerScript, type ServerProcess } from '../test-support/server-process.js';

const postgres = testDatabaseKinds.find((kind) => kind.name === 'postgres');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.runIf(postgres)('two instances on one PostgreSQL database, sharing Redis counters', () => {
  let database: TestDatabase;
  let instances: ServerProcess[];
  let origins: string[];
  // A key of its own per run, so that concurrent runs never share a rate-limit budget in Redis.
  const apiKey = `multi-${randomUUID()}`;
  const budgetKey = `budget-${randomUUID()}`;
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };

  beforeAll(async () => {
    database = await (postgres as NonNullable<typeof postgres>).create();
    const env = {
      DATABASE_URL: (database.config as { url: string }).url,
      API_KEYS: `${apiKey},${budgetKey}`,
      REDIS_URL,
      // Counters of their own: no other run's failed authentications from 127.0.0.1 count here.
      REDIS_KEY_PREFIX: `animal-store-test:${randomUUID()}:`,
      RATE_LIMIT_PER_MINUTE: '400',
    };
    instances = [runServerScript('src/main.ts', env), runServerScript('src/main.ts', env)];
    origins = await Promise.all(instances.map((instance) => instance.listening));
  });

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    await Promise.all(instances.map((instance) => instance.exited));
    await database.drop();
  });

  const create = (origin: string, name: string, extraHeaders: Record<string, string> = {}) =>
    fetch(`${origin}/v1/pets`, {
      method: 'POST',
      headers: { ...headers, ...extraHeaders },
      body: JSON.stringify({ name, categoryId: 1 }),
    });

  it('serves one catalogue: creates through both are visible through both, with distinct ids', async () => {
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, index) => create(origins[index % 2] as string, `both-${index}`)),
    );
    expect(responses.map((response) => response.status)).toStrictEqual(Array(60).fill(201));
    const created = await Promise.all(
      responses.map(async (response) => PetSchema.parse(await response.json())),
    );
    expect(new Set(created.map((pet) => pet.id)).size).toBe(60);
    for (const origin of origins) {
      const listed = PetListSchema.parse(
        await (await fetch(`${origin}/v1/pets?limit=100`, { headers })).json(),
      );
      expect(listed.filter((pet) => pet.name.startsWith('both-')).map((pet) => pet.id)).toStrictEqual(
        created.map((pet) => pet.id).sort((a, b) => a - b),
      );
    }
  });

  it('honours an Idempotency-Key across instances', async () => {
    const key = { 'idempotency-key': `across-${randomUUID()}` };
    const [first, second] = await Promise.all(origins.map((origin) => create(origin, 'once across', key)));
    const statuses = [first?.status, second?.status].sort();
    // Racing each other, one creates and the other either replays it or is told it is in progress.
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const again = await create(origins[1] as string, 'once across', key);
    expect([again.status, again.headers.get('idempotent-replayed')]).toStrictEqual([201, 'true']);
    const listed = PetListSchema.parse(
      await (await fetch(`${origins[0]}/v1/pets?limit=100`, { headers })).json(),
    );
    expect(listed.filter((pet) => pet.name === 'once across')).toHaveLength(1);
  });

  it('manages keys across instances: made on one, used on the other, revoked and rotated within 10 s on both', async () => {
    const [first, second] = origins as [string, string];
    const manage = (origin: string, path: string, init: RequestInit = {}) =>
      fetch(`${origin}/v1/api-keys${path}`, { ...init, headers: { ...headers, ...init.headers } });
    const made = CreatedApiKeySchema.parse(
      await (
        await manage(first, '', {
          method: 'POST',
          body: JSON.stringify({ name: 'across', scopes: ['pets:read'] }),
        })
      ).json(),
    );
    const as = (key: string) => ({ authorization: `Bearer ${key}` });
    for (const origin of origins) {
      expect((await fetch(`${origin}/v1/pets`, { headers: as(made.key) })).status).toBe(200);
    }
    const rotated = await manage(second, `/${made.id}/rotate`, {
      method: 'POST',
      body: '{"overlapHours":0}',
    });
    expect(rotated.status).toBe(201);
    const successor = CreatedApiKeySchema.parse(await rotated.json());
    expect((await fetch(`${first}/v1/pets`, { headers: as(successor.key) })).status).toBe(200);
    expect((await manage(second, `/${successor.id}`, { method: 'DELETE' })).status).toBe(200);
    // The first instance trusted both keys moments ago; within 10 s it sees the rotation and the revocation.
    await expect
      .poll(
        async () =>
          Promise.all(
            [made.key, successor.key].map(
              async (key) => (await fetch(`${first}/v1/pets`, { headers: as(key) })).status,
            ),
          ),
        { timeout: 12_000, interval: 500 },
      )
      .toStrictEqual([401, 401]);
  });

  it('spends one rate-limit budget across both instances', async () => {
    const statuses = new Map<number, number>();
    // 400 allowed per minute for this key in all, whichever instance answers.
    for (let request = 0; request < 420; request++) {
      const response = await fetch(`${origins[request % 2]}/v1/pets?limit=1`, {
        headers: { authorization: `Bearer ${budgetKey}` },
      });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toStrictEqual({ 200: 400, 429: 20 });
  });
});
