import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { runServerScript, type ServerProcess } from '../test-support/server-process.js';
import { TcpProxy } from '../test-support/tcp-proxy.js';

const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const OUTAGE = 'Redis unreachable';
const RETURN = 'Redis answers again';
const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** The budget a key gets a minute; small, so that a test can spend it. */
const BUDGET = 5;

const faults = [
  {
    name: 'refuses connections',
    cut: (proxy: TcpProxy) => proxy.down(),
    restore: (proxy: TcpProxy) => proxy.up(),
  },
  {
    name: 'does not answer (a partition: connections open, no byte passes)',
    cut: async (proxy: TcpProxy) => proxy.hold(),
    restore: async (proxy: TcpProxy) => proxy.release(),
  },
];

describe('rate limits while Redis is away (cut through a proxy; the shared Redis keeps running)', () => {
  const redis = createClient({ url: REDIS.toString() });
  const prefixes: string[] = [];

  beforeAll(async () => {
    await redis.connect();
  });

  afterAll(async () => {
    for (const prefix of prefixes) {
      for await (const keys of redis.scanIterator({ MATCH: `${prefix}*` }))
        if (keys.length) await redis.del(keys);
    }
    redis.destroy();
  });

  /** Hits this test's key has in Redis: its own prefix, so that no other run's counters are read. */
  async function sharedHits(prefix: string): Promise<number> {
    const keys: string[] = [];
    for await (const batch of redis.scanIterator({ MATCH: `${prefix}key:*` })) keys.push(...batch);
    expect(keys).toHaveLength(1);
    return Number(await redis.get(keys[0] as string));
  }

  for (const fault of faults) {
    it(`answers promptly, still limited, while Redis ${fault.name}; logs once; counts in Redis again when it returns`, async () => {
      const prefix = `animal-store-test:${randomUUID()}:`;
      prefixes.push(prefix);
      const apiKey = `redis-outage-${randomUUID()}`;
      const proxy = await TcpProxy.start({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
      const database: TestDatabase = await sqliteTestDatabase.create();
      let server: ServerProcess | undefined;
      try {
        server = runServerScript('src/main.ts', {
          DATABASE_URL: `file:${(database.config as { path: string }).path}`,
          API_KEYS: apiKey,
          REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
          REDIS_KEY_PREFIX: prefix,
          RATE_LIMIT_PER_MINUTE: String(BUDGET),
        });
        const origin = await server.listening;
        const running = server;
        /**
         * Status of one request, which must be answered within 2 s: Redis's waits were 5 s each (10 s a request);
         * the bound leaves room for a loaded machine, not for a wait on Redis.
         */
        const statusOfOne = async () => {
          const started = performance.now();
          const response = await fetch(`${origin}/v1/pets?limit=1`, {
            headers: { authorization: `Bearer ${apiKey}` },
            signal: AbortSignal.timeout(30_000),
          });
          await response.arrayBuffer();
          expect(performance.now() - started, 'one request, in ms').toBeLessThan(2000);
          return response.status;
        };
        const statuses = async (count: number) => {
          const seen = [];
          for (let request = 0; request < count; request++) seen.push(await statusOfOne());
          return seen;
        };

        expect(await statuses(2)).toStrictEqual([200, 200]);
        expect(await sharedHits(prefix)).toBe(2);

        await fault.cut(proxy);
        // The instance counts alone from zero: its whole budget, then 429, every answer prompt.
        expect(await statuses(BUDGET + 1)).toStrictEqual([...Array(BUDGET).fill(200), 429]);
        // A partition is an outage once a PING has gone unanswered for a second.
        await expect.poll(() => occurrences(running.output(), OUTAGE)).toBe(1);

        await fault.restore(proxy);
        await expect.poll(() => occurrences(running.output(), RETURN)).toBe(1);
        // Back on the shared counter, which still holds the 2 hits from before the outage.
        expect(await statuses(BUDGET - 1)).toStrictEqual([...Array(BUDGET - 2).fill(200), 429]);
        expect(await sharedHits(prefix)).toBe(BUDGET + 1);
        expect(occurrences(running.output(), OUTAGE)).toBe(1);
      } finally {
        server?.child.kill('SIGKILL');
        await server?.exited;
        await proxy.down();
        await database.drop();
      }
    });
  }
});
