import { PetListSchema } from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTestDatabase, type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { anError, see } from '../test-support/http-assertions.js';
import { exchangeRaw, rawRequest } from '../test-support/raw-http.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { decodeCursor, encodeCursor } from './pagination.js';

function nextLink(response: Response): string | undefined {
  return /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1];
}

describe('cursors', () => {
  it('round-trip an id and reject anything else', () => {
    expect(decodeCursor(encodeCursor(42))).toBe(42);
    for (const forged of [
      '',
      'abc',
      Buffer.from('a0').toString('base64url'),
      Buffer.from('a-1').toString('base64url'),
    ]) {
      expect(decodeCursor(forged)).toBeUndefined();
    }
  });
});

describe.each(testDatabaseKinds)('pagination on $name', (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let ids: number[];

  const create = async (name: string, status: 'available' | 'sold') => {
    const response = await server.request('/v1/pets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, categoryId: 1, status }),
    });
    return ((await response.json()) as { id: number }).id;
  };

  /**
   * Follows next links from `path` as RFC 8288 says, resolving each against the URL of the request it came with;
   * calls `between` after each page; returns every id seen, in order.
   */
  const walk = async (path: string, between: () => Promise<void> = async () => {}) => {
    const seen: number[] = [];
    let url: URL | undefined = new URL(path, server.origin);
    for (let pages = 0; url && pages < 100; pages++) {
      const response: Response = await server.request(`${url.pathname}${url.search}`);
      expect(response.status).toBe(200);
      seen.push(...PetListSchema.parse(await response.json()).map((pet) => pet.id));
      const link = nextLink(response);
      url = link === undefined ? undefined : new URL(link, url);
      expect(url?.origin ?? server.origin).toBe(server.origin);
      await between();
    }
    return seen;
  };

  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database.config);
    ids = [];
    for (let index = 0; index < 7; index++)
      ids.push(await create(`pet ${index}`, index % 2 ? 'sold' : 'available'));
  });

  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('links to the next page with a relative reference that keeps limit and status', async () => {
    const response = await server.request('/v1/pets?limit=2&status=available');
    expect(nextLink(response)).toMatch(/^\/v1\/pets\?limit=2&status=available&cursor=[\w-]+$/);
  });

  it('builds no link from the Host header, whatever it holds', async () => {
    const hostile = 'a>; rel="prev", <http://evil.example';
    const responses = await exchangeRaw(
      Number(new URL(server.origin).port),
      rawRequest('GET', '/v1/pets?limit=1', { host: hostile, authorization: `Bearer ${server.apiKey}` }) +
        rawRequest('GET', '/v1/pets?limit=1', { authorization: `Bearer ${server.apiKey}` }).replace(
          'HTTP/1.1',
          'HTTP/1.0',
        ),
    );
    const link = `</v1/pets?limit=1&cursor=${encodeCursor(ids[0] ?? 0)}>; rel="next"`;
    expect(responses.map(({ status, headers }) => ({ status, link: headers.link }))).toStrictEqual([
      { status: 200, link },
      { status: 200, link },
    ]);
  });

  it('has no next link on the last page, nor when the page is exactly full', async () => {
    expect((await server.request('/v1/pets?limit=100')).headers.get('link')).toBeNull();
    expect((await server.request('/v1/pets?limit=7')).headers.get('link')).toBeNull();
  });

  it('visits every animal exactly once across pages', async () => {
    expect(await walk('/v1/pets?limit=2')).toStrictEqual(ids);
    expect(await walk('/v1/pets?limit=1&status=sold')).toStrictEqual(ids.filter((_, index) => index % 2));
  });

  it('still visits every existing animal exactly once while others are being added', async () => {
    const before = (await walk('/v1/pets?limit=100')).length;
    const added: number[] = [];
    const seen = await walk('/v1/pets?limit=3', async () => {
      added.push(await create('added while paging', 'available'));
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, before)).toStrictEqual((await walk('/v1/pets?limit=100')).slice(0, before));
    // New animals get larger ids, so they come after the existing ones and are visited too.
    expect(seen.slice(before)).toStrictEqual(added.slice(0, seen.length - before));
  });

  it('400 invalid_cursor for a cursor this store did not issue', async () => {
    expect(await see(await server.request('/v1/pets?cursor=not-a-cursor'))).toStrictEqual(
      anError(400, 'invalid_cursor', 'The cursor is not one this store issued; start again without it.'),
    );
  });
});

describe('links with PUBLIC_BASE_URL configured', () => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await sqliteTestDatabase.create();
    server = await startTestServer(database.config, {
      config: { publicBaseUrl: 'https://pets.example.test/store' },
    });
  });

  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('are absolute on that address, for Location and for the next page', async () => {
    const created = [];
    for (const name of ['One', 'Two']) {
      const response = await server.request('/v1/pets', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, categoryId: 1 }),
      });
      const { id } = (await response.json()) as { id: number };
      expect(response.headers.get('location')).toBe(`https://pets.example.test/store/v1/pets/${id}`);
      created.push(id);
    }
    const listed = await server.request('/v1/pets?limit=1');
    expect(listed.headers.get('link')).toBe(
      `<https://pets.example.test/store/v1/pets?limit=1&cursor=${encodeCursor(created[0] ?? 0)}>; rel="next"`,
    );
  });
});
