import { setTimeout as sleep } from 'node:timers/promises';
import { nextPageCursor } from '@animal-store/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../config/config.js';
import { createLifetimeBoundMs } from '../store/settled-ids.js';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { encodeCursor } from './pagination.js';

/** On PostgreSQL a page is kept once no create can still add to it: a short query bound makes that soon. */
const QUERY_TIMEOUT_MS = 200;

const ANIMALS = 45;
const LIMIT = 10;

interface Seen {
  status: number;
  headers: Record<string, string>;
  bytes: string;
}

/** Everything an answer says but the headers that differ between any two requests. */
async function seen(response: Response): Promise<Seen> {
  const headers = Object.fromEntries(response.headers);
  for (const name of ['x-request-id', 'date', 'ratelimit', 'keep-alive', 'connection']) delete headers[name];
  return { status: response.status, headers, bytes: await response.text() };
}

/** Every page of `/v1/pets?limit=…&…`, by its links. */
async function traverse(server: TestServer, query: string): Promise<Seen[]> {
  const pages: Seen[] = [];
  let path: string | undefined = `/v1/pets?limit=${LIMIT}${query}`;
  while (path) {
    const response = await server.request(path);
    pages.push(await seen(response));
    const cursor = nextPageCursor(response.headers.get('link'));
    path = cursor && `/v1/pets?limit=${LIMIT}${query}&cursor=${cursor}`;
  }
  return pages;
}

describe.each(testDatabaseKinds)('answers kept in memory on $name', (kind) => {
  let database: TestDatabase;
  let config: DatabaseConfig;
  let kept: TestServer;
  let unkept: TestServer;
  let limited: TestServer;

  beforeAll(async () => {
    database = await kind.create();
    config =
      database.config.kind === 'postgres'
        ? { ...database.config, queryTimeoutMs: QUERY_TIMEOUT_MS }
        : database.config;
    kept = await startTestServer(config);
    unkept = await startTestServer(config, { answerCacheBytes: 0 });
    limited = await startTestServer(config, { rateLimits: { requestsPerKeyPerMinute: 3 } });
    const statuses = ['available', 'pending', 'sold'] as const;
    for (let index = 0; index < ANIMALS; index++) {
      await kept.store.pets.create({ name: `Animal ${index}`, categoryId: 1, status: statuses[index % 3] });
    }
    // Every page read once, then (on PostgreSQL) the bound passed: the next reads are settled and kept.
    await kept.store.pets.list({ limit: 1, afterId: 0 });
    await traverse(unkept, '');
    await traverse(kept, '');
    await traverse(kept, '&status=sold');
    if (config.kind === 'postgres') await sleep(createLifetimeBoundMs(QUERY_TIMEOUT_MS));
  });

  afterAll(async () => {
    await kept?.close();
    await unkept?.close();
    await limited?.close();
    await database?.drop();
  });

  it('are byte for byte what the database gives, with their links and tags, pages and animals', async () => {
    for (const query of ['', '&status=sold', '&status=pending']) {
      // Twice: the second traversal is served from memory wherever the first was kept.
      await traverse(kept, query);
      expect(await traverse(kept, query)).toStrictEqual(await traverse(unkept, query));
    }
    for (const id of [1, 2, 17, ANIMALS]) {
      await kept.request(`/v1/pets/${id}`);
      expect(await seen(await kept.request(`/v1/pets/${id}`))).toStrictEqual(
        await seen(await unkept.request(`/v1/pets/${id}`)),
      );
    }
  });

  it('304: an answer whose ETag the client sends is not sent again, in any form of If-None-Match', async () => {
    for (const path of [`/v1/pets?limit=${LIMIT}`, `/v1/pets?limit=${LIMIT}&status=sold`, '/v1/pets/3']) {
      const first = await kept.request(path);
      const etag = first.headers.get('etag') as string;
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await kept.request(path, { headers: { 'if-none-match': ifNoneMatch } });
        expect({ status: again.status, body: await again.text() }).toStrictEqual({ status: 304, body: '' });
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('content-type')).toBeNull();
      }
      const other = await kept.request(path, { headers: { 'if-none-match': '"other"' } });
      expect(other.status).toBe(200);
      expect(await other.text()).toBe(await first.text());
    }
  });

  it('304 does not count against the key’s rate limit, and says so in RateLimit', async () => {
    const path = '/v1/pets/5';
    const first = await limited.request(path);
    expect(first.headers.get('ratelimit')).toMatch(/^limit=3, remaining=2, /);
    const etag = first.headers.get('etag') as string;
    for (let index = 0; index < 6; index++) {
      const again = await limited.request(path, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('ratelimit')).toMatch(/^limit=3, remaining=2, /);
    }
    expect((await limited.request(path)).status).toBe(200);
    expect((await limited.request(path)).status).toBe(200);
    expect((await limited.request(path)).status).toBe(429);
  });

  it('304 for the last page too, until an animal is added to it; the next read shows that animal at once', async () => {
    const lastPage = async () => {
      const pages = await traverse(kept, '');
      return pages.at(-1) as Seen;
    };
    const before = await lastPage();
    const unchanged = await kept.request(
      `/v1/pets?limit=${LIMIT}&cursor=${encodeCursor(firstIdOf(before) - 1)}`,
      {
        headers: { 'if-none-match': before.headers.etag as string },
      },
    );
    expect(unchanged.status).toBe(304);
    const created = await kept.request('/v1/pets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Newcomer', categoryId: 2 }),
    });
    const { id } = (await created.json()) as { id: number };
    const after = await lastPage();
    expect(JSON.parse(after.bytes).at(-1)).toStrictEqual({ id, name: 'Newcomer', categoryId: 2 });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(await seen(await kept.request(`/v1/pets/${id}`))).toStrictEqual(
      await seen(await unkept.request(`/v1/pets/${id}`)),
    );
  });

  it.runIf(kind.name === 'postgres')(
    'the pool bounds each statement and each wait inside a transaction, on which the settling rests',
    async () => {
      const db = kept.store.database.db;
      for (const setting of ['statement_timeout', 'idle_in_transaction_session_timeout']) {
        const { rows } = await sql.raw<Record<string, string>>(`show ${setting}`).execute(db);
        expect(rows[0]?.[setting]).toBe(`${QUERY_TIMEOUT_MS}ms`);
      }
    },
  );

  it.runIf(kind.name === 'postgres')(
    'a page is not kept while a create holding a smaller id may still commit after larger ones',
    async () => {
      const url = (config as { url: string }).url;
      const held = new pg.Client({ connectionString: url });
      // The server ends the connection when it cuts the transaction: that is an outcome here, not a failure.
      held.on('error', () => undefined);
      await held.connect();
      try {
        // A create as long as the store's own may be: each statement, and each wait between, within the bound.
        await held.query(`set statement_timeout = ${QUERY_TIMEOUT_MS}`);
        await held.query(`set idle_in_transaction_session_timeout = ${QUERY_TIMEOUT_MS}`);
        await held.query('begin');
        const { rows } = await held.query<{ id: string }>(
          "insert into pets (name, category_id) values ('Held', 3) returning id",
        );
        const heldId = Number(rows[0]?.id);
        // Larger ids commit first; the pages around the held one are read meanwhile, full and followed by more.
        for (let index = 0; index < 2 * LIMIT; index++) {
          await kept.store.pets.create({ name: `After ${index}`, categoryId: 3 });
        }
        const around = `/v1/pets?limit=${LIMIT}&cursor=${encodeCursor(heldId - 1)}`;
        const before = await kept.request(around);
        expect(JSON.parse(await before.text())).toHaveLength(LIMIT);
        expect(before.headers.get('link')).not.toBeNull();
        const committed = await held.query('commit').then(
          () => true,
          () => false,
        );
        // Committed within the bound, the animal shows; ended by the bound (a slow machine), it never existed.
        const after = (await (await kept.request(around)).json()) as { id: number }[];
        expect(after.some((pet) => pet.id === heldId)).toBe(committed);
        expect(await seen(await kept.request(around))).toStrictEqual(
          await seen(await unkept.request(around)),
        );
      } finally {
        await held.end();
      }
    },
  );

  it('are served from memory: an animal removed behind the store’s back still shows where it was kept', async () => {
    // No operation removes an animal; a direct delete stands for a write that skips the seam (pets-writes.test.ts).
    const firstPage = `/v1/pets?limit=${LIMIT}`;
    const keptBefore = await seen(await kept.request(firstPage));
    await sql`delete from pets where id = 2`.execute(kept.store.database.db);
    expect(await seen(await kept.request(firstPage))).toStrictEqual(keptBefore);
    expect((await kept.request('/v1/pets/2')).status).toBe(200);
    expect((await unkept.request('/v1/pets/2')).status).toBe(404);
    expect(JSON.parse((await seen(await unkept.request(firstPage))).bytes)).toHaveLength(LIMIT);
    expect((await seen(await unkept.request(firstPage))).bytes).not.toBe(keptBefore.bytes);
  });
});

/** The id of a page's first animal. */
function firstIdOf(page: Seen): number {
  return (JSON.parse(page.bytes) as { id: number }[])[0]?.id ?? 0;
}
