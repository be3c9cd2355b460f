import { statSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresTestDatabase,
  sqliteTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
} from '../test-support/databases.js';
import { aJson, see } from '../test-support/http-assertions.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const flood = (origin: string, count: number) =>
  Promise.all(Array.from({ length: count }, async () => (await fetch(`${origin}/readyz`)).status));

describe('/readyz under a flood, on SQLite', () => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await sqliteTestDatabase.create();
    server = await startTestServer(database.config);
  });

  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('commits one probe a second at most, however many callers ask', async () => {
    // Each commit appends at least one page to the write-ahead log, which is checkpointed only past 1000 pages.
    const walBytes = () => statSync(`${(database.config as { path: string }).path}-wal`).size;
    const framesPerCommit = 4096 + 24;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = walBytes();
    const started = performance.now();
    expect(new Set(await flood(server.origin, 200))).toStrictEqual(new Set([200]));
    // One commit for each second the flood lasted, and one more for the second it began in: on a loaded machine the
    // flood can take seconds, while a probe a caller would be 200 commits.
    const seconds = Math.ceil((performance.now() - started) / 1000);
    expect(walBytes() - before).toBeLessThanOrEqual((seconds + 1) * framesPerCommit);
  });
});

describe.skipIf(!postgresTestDatabase)('/readyz on PostgreSQL with every pool connection taken', () => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await (postgresTestDatabase as TestDatabaseKind).create();
    server = await startTestServer({ ...database.config, poolSize: 2 } as TestDatabase['config']);
  });

  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('answers at once from a connection of its own, not behind the requests', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { db } = server.store.database;
    const holders = [0, 1].map(() =>
      db.connection().execute(async (connection) => {
        await sql`select 1`.execute(connection);
        await held;
      }),
    );
    try {
      // Both connections are out: a list would wait for one.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.store.database.poolUsage()).toStrictEqual({ inUse: 2, waiting: 0 });
      expect(await see(await fetch(`${server.origin}/readyz`))).toStrictEqual(
        aJson(200, { status: 'ready' }),
      );
      expect(new Set(await flood(server.origin, 100))).toStrictEqual(new Set([200]));
      expect(server.store.database.poolUsage()).toStrictEqual({ inUse: 2, waiting: 0 });
    } finally {
      release();
      await Promise.all(holders);
    }
  });
});
