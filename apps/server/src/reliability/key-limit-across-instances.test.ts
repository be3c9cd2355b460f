import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories } from '../store/repositories.js';
import { databaseUrlOf, type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { runServerScript, type ServerProcess } from '../test-support/server-process.js';

const postgres = testDatabaseKinds.find((kind) => kind.name === 'postgres');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.runIf(postgres)("two instances sharing Redis counters: a key's own limit in all", () => {
  let database: TestDatabase;
  let instances: ServerProcess[];
  let origins: string[];
  const keys = { lower: '', higher: '' };

  beforeAll(async () => {
    database = await (postgres as NonNullable<typeof postgres>).create();
    const store = await openRepositories(database.config);
    try {
      const make = async (rateLimitPerMinute: number) =>
        (
          await store.apiKeys.create(`limit ${rateLimitPerMinute}`, {
            scopes: ['pets:read'],
            rateLimitPerMinute,
          })
        ).key;
      keys.lower = await make(3);
      keys.higher = await make(14);
    } finally {
      await store.database.close();
    }
    const env = {
      DATABASE_URL: databaseUrlOf(database.config),
      REDIS_URL,
      // Counters of their own: no other run's keys or addresses count here.
      REDIS_KEY_PREFIX: `animal-store-test:${randomUUID()}:`,
      RATE_LIMIT_PER_MINUTE: '8',
    };
    instances = [runServerScript('src/main.ts', env), runServerScript('src/main.ts', env)];
    origins = await Promise.all(instances.map((instance) => instance.listening));
  });

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    await Promise.all(instances.map((instance) => instance.exited));
    await database.drop();
  });

  /** `times` reads, alternating between the instances; the statuses each answered. */
  async function readsThroughBoth(key: string, times: number): Promise<number[][]> {
    const seen: number[][] = [[], []];
    for (let index = 0; index < times; index++) {
      const response = await fetch(`${origins[index % 2]}/v1/pets?limit=1`, {
        headers: { authorization: `Bearer ${key}` },
      });
      seen[index % 2]?.push(response.status);
      if (response.status === 429) expect(response.headers.get('ratelimit-policy')).toMatch(/^(3|14);w=60$/);
    }
    return seen;
  }

  const allowed = (seen: number[][]) => seen.flat().filter((status) => status === 200).length;

  it('spends a lower limit than the default once across both instances', async () => {
    const seen = await readsThroughBoth(keys.lower, 10);
    expect(allowed(seen)).toBe(3);
    expect(seen.every((statuses) => statuses.includes(429))).toBe(true);
  });

  it('allows a higher limit than the default, once across both instances', async () => {
    const seen = await readsThroughBoth(keys.higher, 20);
    expect(allowed(seen)).toBe(14);
    expect(seen.every((statuses) => statuses.includes(429))).toBe(true);
  });
});
