import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { postgresTestDatabase } from '../test-support/databases.js';
import { callOnItsOwnConnection, statusesOf, useTwoWorkers } from '../test-support/two-workers.js';

// Several workers need PostgreSQL (SQLite serves one); CI always has it.
describe.skipIf(!postgresTestDatabase)(
  'WORKERS=2 without Redis: one budget per instance, not one per worker',
  () => {
    const apiKey = `workers-${randomUUID()}`;
    // One worker alone would spend the budget by itself: both listen before the tests start.
    const workers = useTwoWorkers({
      API_KEYS: apiKey,
      RATE_LIMIT_PER_MINUTE: '10',
      AUTH_FAILURES_PER_MINUTE: '3',
    });

    it('admits exactly RATE_LIMIT_PER_MINUTE requests a minute from one key, across both workers', async () => {
      const { origin, pidsAnswering } = workers();
      expect(await statusesOf(14, `${origin}/v1/pets?limit=1`, `Bearer ${apiKey}`)).toStrictEqual([
        ...Array(10).fill(200),
        ...Array(4).fill(429),
      ]);
      // Both workers answered: the budget was shared, not spent by one of them.
      await expect.poll(() => pidsAnswering(200).size).toBe(2);
    });

    it('counts failed authentications from one address across both workers', async () => {
      const { origin, pidsAnswering } = workers();
      expect(await statusesOf(4, `${origin}/v1/pets`, 'Bearer not-a-key')).toStrictEqual([
        401, 401, 401, 429,
      ]);
      await expect.poll(() => pidsAnswering(401).size).toBe(2);
      // Whichever worker answers, the address stays blocked.
      expect(await statusesOf(2, `${origin}/v1/pets`, `Bearer ${apiKey}`)).toStrictEqual([429, 429]);
    });

    it('gives a burst of bad keys across both workers no more 401s than the limit', async () => {
      const { origin } = workers();
      // Another address than the test before, whose failures still count: 127.0.0.2 is loopback too.
      const burst = await Promise.all(
        Array.from({ length: 300 }, async () => {
          const options = { authorization: 'Bearer not-a-key', localAddress: '127.0.0.2' };
          return (await callOnItsOwnConnection(`${origin}/v1/pets`, options)).status;
        }),
      );
      expect(burst.filter((status) => status === 401)).toHaveLength(3);
      expect(burst.filter((status) => status === 429)).toHaveLength(297);
    });
  },
);
