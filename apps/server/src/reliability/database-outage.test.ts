import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { anError, see } from '../test-support/http-assertions.js';
import { runServerScript } from '../test-support/server-process.js';
import { TcpProxy } from '../test-support/tcp-proxy.js';

const postgres = testDatabaseKinds.find((kind) => kind.name === 'postgres');
const API_KEY = 'outage-test-key-0123456789';

describe.runIf(postgres)('PostgreSQL outages', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;

  beforeAll(async () => {
    database = await (postgres as NonNullable<typeof postgres>).create();
    const url = new URL((database.config as { url: string }).url);
    proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
  });

  afterAll(async () => {
    await proxy.down();
    await database.drop();
  });

  it('waits for the database at start-up, answers 503 while it is gone, and recovers by itself', async () => {
    const DATABASE_URL = proxy.urlThrough((database.config as { url: string }).url);
    await proxy.down();
    const server = runServerScript('src/main.ts', { DATABASE_URL, API_KEYS: API_KEY });
    try {
      // Start-up: the database is unreachable, so the process retries instead of exiting.
      await expect.poll(() => server.output(), { timeout: 15_000 }).toContain('retrying');
      expect(server.child.exitCode).toBeNull();
      await proxy.up();
      const origin = await server.listening;
      const headers = { authorization: `Bearer ${API_KEY}` };
      expect((await fetch(`${origin}/v1/pets`, { headers })).status).toBe(200);

      // The database goes away while the store runs.
      await proxy.down();
      const during = await fetch(`${origin}/v1/pets`, { headers });
      expect(await see(during)).toStrictEqual(
        anError(503, 'service_unavailable', 'The database cannot be reached; retry shortly.'),
      );
      expect(during.headers.get('retry-after')).toBe('5');
      expect((await fetch(`${origin}/readyz`)).status).toBe(503);
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);

      // It comes back: the pool reconnects on the next request, nobody restarts anything.
      await proxy.up();
      await expect
        .poll(async () => (await fetch(`${origin}/v1/pets`, { headers })).status, { timeout: 10_000 })
        .toBe(200);
      // Readiness is probed once a second at most: it follows within that.
      await expect.poll(async () => (await fetch(`${origin}/readyz`)).status, { timeout: 5_000 }).toBe(200);
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});
