import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedApiKey } from '../store/api-key-repository.js';
import { keyState } from '../store/key-state.js';
import { openRepositories } from '../store/repositories.js';
import {
  databaseUrlOf,
  postgresTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
} from '../test-support/databases.js';
import { runServerScript, type ServerProcess } from '../test-support/server-process.js';

/** One request on a connection of its own, so that the cluster hands requests to its workers in turn. */
function send(
  url: string,
  method: string,
  key: string,
  body?: unknown,
): Promise<{ status: number; code?: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const sent = request(url, { method, agent: false, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, code: (JSON.parse(text) as { code?: string }).code }),
      );
    });
    sent.on('error', reject);
    sent.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

// Several workers need PostgreSQL (SQLite serves one); CI always has it.
describe.skipIf(!postgresTestDatabase)('key changes at the same moment on WORKERS=2', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let origin: string;
  let managers: IssuedApiKey[];
  let rotated: IssuedApiKey;

  const activeManagers = async () => {
    const store = await openRepositories(database.config);
    try {
      const now = new Date().toISOString();
      return (await store.apiKeys.list()).filter(
        (key) => keyState(key, now) === 'active' && key.scopes.includes('keys:manage'),
      );
    } finally {
      await store.database.close();
    }
  };

  beforeAll(async () => {
    database = await (postgresTestDatabase as TestDatabaseKind).create();
    // The keys exist before the store starts, so that it makes no first key: these two are its only managers.
    const store = await openRepositories(database.config);
    try {
      managers = [
        await store.apiKeys.create('manager a', { scopes: ['keys:manage'] }),
        await store.apiKeys.create('manager b', { scopes: ['keys:manage'] }),
      ];
      rotated = await store.apiKeys.create('rotated', { scopes: ['pets:read'] });
    } finally {
      await store.database.close();
    }
    server = runServerScript('src/main.ts', { DATABASE_URL: databaseUrlOf(database.config), WORKERS: '2' });
    origin = await server.listening;
    // Both workers listen before the test starts: one alone would decide every request in one process.
    while (server.output().split('Animal Store listening').length - 1 < 2) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await database?.drop();
  });

  it('lets exactly one of 8 simultaneous rotations make a successor', async () => {
    const [manager] = managers as [IssuedApiKey];
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        send(`${origin}/v1/api-keys/${rotated.id}/rotate`, 'POST', manager.key, { overlapHours: 1 }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.status === 409 && answer.code === 'api_key_rotated'),
    ).toHaveLength(7);
  });

  it('keeps one manager when the last two revoke each other at once', async () => {
    const [a, b] = managers as [IssuedApiKey, IssuedApiKey];
    // Each key verified by the workers first, as a key in use is: both requests reach the revocation.
    await Promise.all([a, b, a, b].map((key) => send(`${origin}/v1/api-keys/current`, 'GET', key.key)));
    const answers = await Promise.all([
      send(`${origin}/v1/api-keys/${b.id}`, 'DELETE', a.key),
      send(`${origin}/v1/api-keys/${a.id}`, 'DELETE', b.key),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 'last_key_manager')).toHaveLength(1);
    expect(await activeManagers()).toHaveLength(1);
  });
});
