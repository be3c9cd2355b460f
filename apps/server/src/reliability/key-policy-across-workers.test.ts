import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { postgresTestDatabase } from '../test-support/databases.js';
import { callOnItsOwnConnection, statusesOf, useTwoWorkers } from '../test-support/two-workers.js';

const count = (statuses: number[], status: number) => statuses.filter((seen) => seen === status).length;

// Several workers need PostgreSQL (SQLite serves one); CI always has it.
describe.skipIf(!postgresTestDatabase)("WORKERS=2: a key's own policy holds on every worker", () => {
  const adminKey = `workers-${randomUUID()}`;
  const asAdmin = `Bearer ${adminKey}`;
  const workers = useTwoWorkers({
    API_KEYS: adminKey,
    RATE_LIMIT_PER_MINUTE: '10',
    AUTH_FAILURES_PER_MINUTE: '100000',
  });

  const createKey = async (body: Record<string, unknown>) => {
    const created = await callOnItsOwnConnection(`${workers().origin}/v1/api-keys`, {
      authorization: asAdmin,
      method: 'POST',
      body: { scopes: ['pets:read'], ...body },
    });
    expect(created.status, created.body).toBe(201);
    return JSON.parse(created.body) as { id: number; key: string };
  };

  it('gives a key its own limit, lower or higher than the default, counted once for both workers', async () => {
    const { origin, pidsAnswering } = workers();
    const lower = await createKey({ name: 'lower', rateLimitPerMinute: 4 });
    const higher = await createKey({ name: 'higher', rateLimitPerMinute: 16 });
    const lowerSeen = await statusesOf(12, `${origin}/v1/pets?limit=1`, `Bearer ${lower.key}`);
    expect([count(lowerSeen, 200), count(lowerSeen, 429)]).toStrictEqual([4, 8]);
    const higherSeen = await statusesOf(20, `${origin}/v1/pets?limit=1`, `Bearer ${higher.key}`);
    expect([count(higherSeen, 200), count(higherSeen, 429)]).toStrictEqual([16, 4]);
    // Both workers answered and refused: the budget is the instance's, not each worker's.
    expect(pidsAnswering(200).size).toBe(2);
    expect(pidsAnswering(429).size).toBe(2);
    const limited = await callOnItsOwnConnection(`${origin}/v1/pets?limit=1`, {
      authorization: `Bearer ${lower.key}`,
    });
    expect(JSON.parse(limited.body)).toStrictEqual({
      code: 'rate_limited',
      message: 'More than 4 requests a minute with this API key.',
      status: 429,
    });
  });

  it('holds a change on the other worker before the change is answered', async () => {
    const { origin, server, pidsAnswering } = workers();
    const changed = await createKey({ name: 'changed' });
    const reads = (times: number) =>
      statusesOf(times, `${origin}/v1/api-keys/current`, `Bearer ${changed.key}`);
    // Both workers verify the key and cache it, with no network list, for the cache's 10 seconds.
    expect(new Set(await reads(6))).toStrictEqual(new Set([200]));
    const update = await callOnItsOwnConnection(`${origin}/v1/api-keys/${changed.id}`, {
      authorization: asAdmin,
      method: 'PATCH',
      body: { allowedNetworks: ['192.0.2.0/24'] },
    });
    expect(update.status, update.body).toBe(200);
    const refused = await reads(6);
    expect(new Set(refused)).toStrictEqual(new Set([403]));
    // Each worker refused it, the one that stored the change and the one told of it (no other key meets a 403 here).
    await expect.poll(() => pidsAnswering(403).size).toBe(2);
    expect(server.output()).not.toContain('did not confirm a key change');
  });
});
