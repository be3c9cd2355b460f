import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseUrlOf,
  postgresTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
} from '../test-support/databases.js';
import { runServerScript, type ServerProcess } from '../test-support/server-process.js';

/**
 * One request on a connection of its own, so that the cluster hands requests to its workers in turn; from another
 * loopback address when given, whose failed authentications are counted apart.
 */
function statusOf(url: string, authorization: string, localAddress?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent: false, localAddress, headers: { authorization } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    sent.on('error', reject);
    sent.end();
  });
}

const statuses = async (count: number, url: string, authorization: string) => {
  const seen: number[] = [];
  for (let index = 0; index < count; index++) seen.push(await statusOf(url, authorization));
  return seen;
};

// Several workers need PostgreSQL (SQLite serves one); CI always has it.
describe.skipIf(!postgresTestDatabase)(
  'WORKERS=2 without Redis: one budget per instance, not one per worker',
  () => {
    const apiKey = `workers-${randomUUID()}`;
    let database: TestDatabase;
    let server: ServerProcess;
    let origin: string;

    beforeAll(async () => {
      database = await (postgresTestDatabase as TestDatabaseKind).create();
      server = runServerScript('src/main.ts', {
        DATABASE_URL: databaseUrlOf(database.config),
        API_KEYS: apiKey,
        WORKERS: '2',
        RATE_LIMIT_PER_MINUTE: '10',
        AUTH_FAILURES_PER_MINUTE: '3',
      });
      origin = await server.listening;
      // Both workers listen before the test starts: one alone would spend the budget by itself.
      while (server.output().split('Animal Store listening').length - 1 < 2) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });

    afterAll(async () => {
      server.child.kill('SIGKILL');
      await server.exited;
      await database.drop();
    });

    /** Processes that logged an answer with this status. */
    const pidsAnswering = (status: number) =>
      new Set(
        server
          .output()
          .split('\n')
          .filter((line) => line.includes(`"msg":"GET ${status}"`))
          .map((line) => (JSON.parse(line) as { pid: number }).pid),
      );

    it('admits exactly RATE_LIMIT_PER_MINUTE requests a minute from one key, across both workers', async () => {
      expect(await statuses(14, `${origin}/v1/pets?limit=1`, `Bearer ${apiKey}`)).toStrictEqual([
        ...Array(10).fill(200),
        ...Array(4).fill(429),
      ]);
      // Both workers answered: the budget was shared, not spent by one of them.
      await expect.poll(() => pidsAnswering(200).size).toBe(2);
    });

    it('counts failed authentications from one address across both workers', async () => {
      expect(await statuses(4, `${origin}/v1/pets`, 'Bearer not-a-key')).toStrictEqual([401, 401, 401, 429]);
      await expect.poll(() => pidsAnswering(401).size).toBe(2);
      // Whichever worker answers, the address stays blocked.
      expect(await statuses(2, `${origin}/v1/pets`, `Bearer ${apiKey}`)).toStrictEqual([429, 429]);
    });

    it('gives a burst of bad keys across both workers no more 401s than the limit', async () => {
      // Another address than the test before, whose failures still count: 127.0.0.2 is loopback too.
      const burst = await Promise.all(
        Array.from({ length: 300 }, () => statusOf(`${origin}/v1/pets`, 'Bearer not-a-key', '127.0.0.2')),
      );
      expect(burst.filter((status) => status === 401)).toHaveLength(3);
      expect(burst.filter((status) => status === 429)).toHaveLength(297);
    });
  },
);
