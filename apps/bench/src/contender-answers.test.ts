import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from './baselines/peer-answers.js';
import type { StoreQueries } from './baselines/store-queries.js';
import { requestHeaders } from './contenders.js';
import type { DatabaseFixture } from './fixtures/database-fixture.js';
import { postgresFixture } from './fixtures/postgres-fixture.js';
import { seedPets } from './fixtures/seed-pets.js';
import { sqliteFixture } from './fixtures/sqlite-fixture.js';
import { READY_TIMEOUT_MS } from './processes/server-process.js';
import { anAnswer, anError, CATALOGUE, DEPRECATED, notModified, see, tagOf } from './test-support/answers.js';
import {
  type ContenderName,
  queriesOn,
  type ServingContender,
  startPeers,
  startStore,
} from './test-support/contenders-under-test.js';

/**
 * The comparison is fair only if every contender with the store's features gives the store's answers: the same
 * status, body and headers for the same request. The store is held to the contract's answers here too, as the
 * reference; each peer must give the same ones, on the same database as the bench runs it.
 */

const CONTENDERS: ContenderName[] = ['store', 'fastify', 'express-stock'];
/** @fastify/rate-limit cannot give a count back: its 304 counts, as its baseline's comment says. */
const COUNTS_A_304: ContenderName[] = ['fastify'];
/** The limit the bench gives every contender: never reached. */
const RAISED_LIMIT = 1_000_000_000;
/** A limit a test spends in a few requests. */
const SMALL_LIMIT = 3;
/**
 * The two store starts below each wait for the store's first 200 up to their own deadline, which names the store
 * that did not start; the hook's bound sits above both, with room for the database fixture and the in-process peers.
 */
const STARTS_TIMEOUT_MS = 2 * READY_TIMEOUT_MS + 30_000;

const seed = seedPets();
const seeded = (...ids: number[]) => ids.map((id) => seed[id - 1]);
const nextLink = (query: string, afterId: number) =>
  `</v1/pets?${query}&cursor=${encodeCursor(afterId)}>; rel="next"`;

const databases: { kind: string; open(workDir: string): Promise<DatabaseFixture> }[] = [
  { kind: 'SQLite', open: async (workDir) => sqliteFixture(workDir) },
];
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) databases.push({ kind: 'PostgreSQL', open: () => postgresFixture(postgresUrl) });

describe.each(databases)('the store and its peers on $kind', ({ open }) => {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-answers-'));
  const serving: ServingContender[] = [];
  const limited: ServingContender[] = [];
  let fixture: DatabaseFixture | undefined;
  let queries: StoreQueries | undefined;

  beforeAll(async () => {
    fixture = await open(workDir);
    serving.push(await startStore(fixture, workDir, 'store'));
    await fixture.reseed();
    queries = queriesOn(fixture);
    serving.push(...(await startPeers(queries, workDir, 'raised', RAISED_LIMIT)));
    const limit = { RATE_LIMIT_PER_MINUTE: String(SMALL_LIMIT) };
    limited.push(await startStore(fixture, workDir, 'store-limited', limit));
    limited.push(...(await startPeers(queries, workDir, 'limited', SMALL_LIMIT)));
  }, STARTS_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([...serving, ...limited].map((contender) => contender.close()));
    await queries?.close();
    await fixture?.dispose();
    rmSync(workDir, { recursive: true, force: true });
  });

  const call = (among: ServingContender[], name: ContenderName) => {
    const contender = among.find((candidate) => candidate.name === name);
    if (!contender) throw new Error(`${name} is not serving`);
    return async (path: string, init: RequestInit = {}) =>
      see(await fetch(`${contender.baseUrl}${path}`, { headers: requestHeaders, ...init }));
  };
  const create = (body: string): RequestInit => ({
    method: 'POST',
    headers: { ...requestHeaders, 'content-type': 'application/json' },
    body,
  });

  it.each(CONTENDERS)('%s lists a page with a Link to the next, follows it, and filters', async (name) => {
    const get = call(serving, name);
    const first = await get('/v1/pets?limit=2');
    expect(first).toStrictEqual(
      anAnswer(200, seeded(1, 2), { ...CATALOGUE, limit: RAISED_LIMIT, link: nextLink('limit=2', 2) }),
    );
    const target = /^<([^>]+)>/.exec(first.link ?? '')?.[1] ?? '';
    expect(await get(target)).toStrictEqual(
      anAnswer(200, seeded(3, 4), { ...CATALOGUE, limit: RAISED_LIMIT, link: nextLink('limit=2', 4) }),
    );
    expect(await get('/v1/pets?limit=2&status=sold')).toStrictEqual(
      anAnswer(200, seeded(2, 5), {
        ...CATALOGUE,
        limit: RAISED_LIMIT,
        link: nextLink('limit=2&status=sold', 5),
      }),
    );
    // The last page has no next; creates in these tests are never pending, so it stays the last.
    expect(await get(`/v1/pets?status=pending&cursor=${encodeCursor(9_990)}`)).toStrictEqual(
      anAnswer(200, seeded(9_991, 9_994, 9_997, 10_000), { ...CATALOGUE, limit: RAISED_LIMIT }),
    );
  });

  it.each(CONTENDERS)('%s refuses a bad query or cursor with the Error body', async (name) => {
    const get = call(serving, name);
    for (const query of ['limit=0', 'limit=101', 'limit=ten', 'status=lost', 'colour=red']) {
      expect(await get(`/v1/pets?${query}`), query).toStrictEqual(
        anAnswer(400, anError(400, 'validation_failed'), { limit: RAISED_LIMIT }),
      );
    }
    expect(await get('/v1/pets?cursor=zz')).toStrictEqual(
      anAnswer(400, anError(400, 'invalid_cursor'), { limit: RAISED_LIMIT }),
    );
  });

  it.each(CONTENDERS)('%s serves getPet with the deprecation headers on every answer', async (name) => {
    const get = call(serving, name);
    expect(await get('/v1/pets/7')).toStrictEqual(
      anAnswer(200, seed[6], { ...CATALOGUE, limit: RAISED_LIMIT, ...DEPRECATED }),
    );
    expect(await get('/v1/pets/99999')).toStrictEqual(
      anAnswer(404, anError(404, 'pet_not_found'), { limit: RAISED_LIMIT, ...DEPRECATED }),
    );
    expect(await get('/v1/pets/07')).toStrictEqual(
      anAnswer(400, anError(400, 'validation_failed'), { limit: RAISED_LIMIT, ...DEPRECATED }),
    );
  });

  it.each(CONTENDERS)('%s creates an animal with its Location, and refuses a bad body', async (name) => {
    const request = call(serving, name);
    const created = await request('/v1/pets', create('{"name":"Rex","categoryId":3,"status":"sold"}'));
    const pet = { id: expect.any(Number), name: 'Rex', categoryId: 3, status: 'sold' };
    expect(created).toStrictEqual(
      anAnswer(201, pet, { limit: RAISED_LIMIT, location: expect.stringMatching(/^\/v1\/pets\/\d+$/) }),
    );
    const { id } = created.body as { id: number };
    expect(created.location).toBe(`/v1/pets/${id}`);
    expect(id).toBeGreaterThan(10_000);
    expect(await request(created.location ?? '')).toStrictEqual(
      anAnswer(200, { ...pet, id }, { ...CATALOGUE, limit: RAISED_LIMIT, ...DEPRECATED }),
    );

    for (const body of [
      '{"name":"Rex"}',
      '{"name":" ","categoryId":3}',
      '{"name":"Rex","categoryId":3,"id":4}',
    ]) {
      expect(await request('/v1/pets', create(body)), body).toStrictEqual(
        anAnswer(400, anError(400, 'validation_failed'), { limit: RAISED_LIMIT }),
      );
    }
    expect(await request('/v1/pets', create('{"name":'))).toStrictEqual(
      anAnswer(400, anError(400, 'malformed_json'), { limit: RAISED_LIMIT }),
    );
  });

  it.each(CONTENDERS)(
    '%s refuses a missing or unknown key with the challenge, before its limit',
    async (name) => {
      const get = call(serving, name);
      const unauthorized = anAnswer(401, anError(401, 'unauthorized'), {
        wwwAuthenticate: 'Bearer realm="animal-store"',
      });
      expect(await get('/v1/pets', { headers: {} })).toStrictEqual(unauthorized);
      expect(await get('/v1/pets', { headers: { authorization: 'Bearer not-a-key' } })).toStrictEqual(
        unauthorized,
      );
      expect(await get('/v1/pets/7', { headers: {} })).toStrictEqual({ ...unauthorized, ...DEPRECATED });
    },
  );

  it.each(CONTENDERS)(
    '%s answers 304 without a body to If-None-Match naming its tag, in every form',
    async (name) => {
      const get = call(serving, name);
      for (const [path, expected] of [
        ['/v1/pets?limit=2', {}],
        ['/v1/pets/7', DEPRECATED],
      ] as const) {
        const first = await get(path);
        const etag = first.etag ?? '';
        for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
          const again = await get(path, { headers: { ...requestHeaders, 'if-none-match': ifNoneMatch } });
          expect(again, `${path} ${ifNoneMatch}`).toStrictEqual(
            notModified(etag, { limit: RAISED_LIMIT, ...expected }),
          );
        }
        const other = await get(path, { headers: { ...requestHeaders, 'if-none-match': '"other"' } });
        expect(other).toStrictEqual({ ...first, requestId: other.requestId, rateLimit: other.rateLimit });
      }
    },
  );

  it('every contender sends the same bytes with the same tag, and answers 304 to the store’s tag', async () => {
    for (const path of ['/v1/pets?limit=3&status=available', '/v1/pets/7']) {
      const sent = await Promise.all(
        CONTENDERS.map(async (name) => {
          const contender = serving.find((candidate) => candidate.name === name);
          const answer = await fetch(`${contender?.baseUrl}${path}`, { headers: requestHeaders });
          return { name, text: await answer.text(), etag: answer.headers.get('etag') };
        }),
      );
      const [store] = sent;
      for (const { name, text, etag } of sent) {
        expect({ name, text, etag }, path).toStrictEqual({ name, text: store?.text, etag: tagOf(text) });
        const again = await call(serving, name)(path, {
          headers: { ...requestHeaders, 'if-none-match': store?.etag ?? '' },
        });
        expect(again.status, `${name} ${path}`).toBe(304);
      }
    }
  });

  it.each(CONTENDERS)(
    '%s counts a 304 against the key’s limit only if its limiter can give it back',
    async (name) => {
      const get = call(limited, name);
      const first = await get('/v1/pets/5');
      const spent = COUNTS_A_304.includes(name) ? 1 : 0;
      const again = await get('/v1/pets/5', {
        headers: { ...requestHeaders, 'if-none-match': first.etag ?? '' },
      });
      expect(again).toStrictEqual(notModified(first.etag ?? '', { limit: SMALL_LIMIT, ...DEPRECATED }));
      expect(again.rateLimit?.remaining).toBe((first.rateLimit?.remaining ?? 0) - spent);
      const next = await get('/v1/pets/5');
      expect(next.rateLimit?.remaining).toBe((first.rateLimit?.remaining ?? 0) - 1 - spent);
    },
  );

  it.each(CONTENDERS)("%s answers 429 with the Error body once the key's limit is spent", async (name) => {
    const get = call(limited, name);
    let answer = await get('/v1/pets?limit=1');
    for (let sent = 1; answer.status === 200 && sent <= SMALL_LIMIT; sent++)
      answer = await get('/v1/pets?limit=1');
    expect(answer).toStrictEqual(
      anAnswer(429, anError(429, 'rate_limited'), {
        limit: SMALL_LIMIT,
        retryAfter: expect.stringMatching(/^[1-9]\d*$/),
      }),
    );
    expect(answer.rateLimit?.remaining).toBe(0);
  });

  it.each(CONTENDERS)('%s writes one log line per request, with its request id', async (name) => {
    const contender = serving.find((candidate) => candidate.name === name);
    const { requestId } = await call(serving, name)('/v1/pets/12');
    const linesOf = () =>
      readFileSync(contender?.logPath ?? '', 'utf8')
        .split('\n')
        .filter((line) => line.includes(`"${requestId}"`));
    await expect.poll(() => linesOf().length).toBe(1);
    expect(JSON.parse(linesOf()[0] ?? '')).toMatchObject({ level: 30, res: { statusCode: 200 } });
  });
});
