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

/** One request on a connection of its own, so that the cluster hands requests to its workers in turn. */
function call(
  url: string,
  apiKey: string,
  method = 'GET',
  body?: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const sent = request(url, { agent: false, method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    sent.on('error', reject);
    sent.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const statuses = async (count: number, url: string, apiKey: string) => {
  const seen: number[] = [];
  for (let index = 0; index < count; index++) seen.push((await call(url, apiKey)).status);
  return seen;
};

// Several workers need PostgreSQL (SQLite serves one); CI always has it.
describe.skipIf(!postgresTestDatabase)(
  'WORKERS=2: a key revoked on one worker is refused by every worker',
  () => {
    const adminKey = `workers-${randomUUID()}`;
    let database: TestDatabase;
    let server: ServerProcess;
    let origin: string;

    beforeAll(async () => {
      database = await (postgresTestDatabase as TestDatabaseKind).create();
      server = runServerScript('src/main.ts', {
        DATABASE_URL: databaseUrlOf(database.config),
        API_KEYS: adminKey,
        WORKERS: '2',
        RATE_LIMIT_PER_MINUTE: '100000',
        AUTH_FAILURES_PER_MINUTE: '100000',
      });
      origin = await server.listening;
      // Both workers listen before the test starts: with one, the other's cache would not be put to the test.
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

    it('refuses with 401, on both workers, every request sent after the revocation was answered', async () => {
      const created = await call(`${origin}/v1/api-keys`, adminKey, 'POST', {
        name: 'revoked',
        scopes: ['pets:read'],
      });
      expect(created.status).toBe(201);
      const { id, key } = JSON.parse(created.body) as { id: number; key: string };
      // Both workers verify the key and cache it as active.
      expect(new Set(await statuses(20, `${origin}/v1/pets?limit=1`, key))).toStrictEqual(new Set([200]));
      await expect.poll(() => pidsAnswering(200).size).toBe(2);

      expect((await call(`${origin}/v1/api-keys/${id}`, adminKey, 'DELETE')).status).toBe(200);
      expect(new Set(await statuses(40, `${origin}/v1/pets?limit=1`, key))).toStrictEqual(new Set([401]));
      // Both workers refused it, each from its own cache's point of view.
      await expect.poll(() => pidsAnswering(401).size).toBe(2);
      // The other worker confirmed: the revocation did not wait out the relay's timeout.
      expect(server.output()).not.toContain('did not confirm a key change');
    });
  },
);
