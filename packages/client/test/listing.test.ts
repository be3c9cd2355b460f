import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NewPet, Pet } from '@animal-store/contract';
import { seedPets } from '@animal-store/testing/seed';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnimalStoreError, createAnimalStoreClient } from '../src/index.js';

let store: StoreProcess;
let seeded: Pet[];

const STATUSES = ['available', 'pending', 'sold', undefined] as const;

beforeAll(async () => {
  store = await startStore();
  const pets: NewPet[] = Array.from({ length: 11 }, (_, index) => {
    const status = STATUSES[index % STATUSES.length];
    return { name: `Pet ${index + 1}`, categoryId: 1 + (index % 3), ...(status && { status }) };
  });
  seeded = await seedPets(store, pets);
});

afterAll(() => store.stop());

const client = () => createAnimalStoreClient({ baseUrl: store.baseUrl, apiKey: store.apiKey });

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('pets.list', () => {
  it('yields every animal in id order across pages, following the next link to the end', async () => {
    expect(await collect(client().pets.list({ limit: 4 }))).toStrictEqual(seeded);
  });

  it('yields the pages themselves through pages()', async () => {
    const pages = await collect(client().pets.list({ limit: 4 }).pages());
    expect(pages.map((page) => page.length)).toStrictEqual([4, 4, 3]);
    expect(pages.flat()).toStrictEqual(seeded);
  });

  it('keeps the status filter on every page', async () => {
    const available = seeded.filter((pet) => pet.status === 'available');
    const pages = await collect(client().pets.list({ status: 'available', limit: 2 }).pages());
    expect(pages).toStrictEqual([available.slice(0, 2), available.slice(2)]);
  });

  it("uses the store's page size when none is given", async () => {
    expect(await collect(client().pets.list())).toStrictEqual(seeded);
  });

  it('starts again from the first page on each loop', async () => {
    const listing = client().pets.list({ limit: 5 });
    expect(await collect(listing)).toStrictEqual(seeded);
    expect(await collect(listing)).toStrictEqual(seeded);
  });
});

describe('pets.page', () => {
  it('returns one page and the cursor of the next, undefined on the last', async () => {
    const pets = client().pets;
    const first = await pets.page({ limit: 6 });
    expect(first.pets).toStrictEqual(seeded.slice(0, 6));
    expect(first.nextCursor).toStrictEqual(expect.any(String));
    const second = await pets.page({ limit: 6, cursor: first.nextCursor });
    expect(second).toStrictEqual({ pets: seeded.slice(6), nextCursor: undefined });
  });
});

describe('pets.get', () => {
  it('returns one animal', async () => {
    const [, second] = seeded;
    expect(await client().pets.get(second?.id ?? 0)).toStrictEqual(second);
  });
});

describe('pets.list against a server that links to a page it already sent', () => {
  it('stops with unexpected_response instead of listing forever', async () => {
    let requests = 0;
    const looping = createServer((_req, res) => {
      requests += 1;
      res.writeHead(200, {
        'content-type': 'application/json',
        link: '</v1/pets?limit=1&cursor=same>; rel="next"',
      });
      res.end(JSON.stringify([{ id: requests, name: 'Loop', categoryId: 1 }]));
    });
    looping.listen(0, '127.0.0.1');
    await once(looping, 'listening');
    try {
      const { port } = looping.address() as AddressInfo;
      const listing = createAnimalStoreClient({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        apiKey: 'key',
      }).pets.list({
        limit: 1,
      });
      const error = await collect(listing).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(AnimalStoreError);
      expect(error).toMatchObject({ code: 'unexpected_response', status: 200 });
      // The first page, then the linked one, whose own link names itself.
      expect(requests).toBe(2);
    } finally {
      looping.close();
    }
  });
});
