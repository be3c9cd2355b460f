import type { NewPet, Pet } from '@animal-store/contract';
import { seedPets } from '@animal-store/testing/seed';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnimalStoreClient } from '../src/index.js';

let store: StoreProcess;
let seeded: Pet[];

beforeAll(async () => {
  store = await startStore();
  const pets: NewPet[] = Array.from({ length: 5 }, (_, index) => ({
    name: `Pet ${index + 1}`,
    categoryId: 1,
  }));
  seeded = await seedPets(store, pets);
});

afterAll(() => store.stop());

/** A client whose every exchange is noted: the If-None-Match it sent and the status it got. */
function notingClient() {
  const exchanges: { ifNoneMatch: string | null; status: number }[] = [];
  const client = createAnimalStoreClient({
    baseUrl: store.baseUrl,
    apiKey: store.apiKey,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      exchanges.push({
        ifNoneMatch: new Headers(init?.headers).get('if-none-match'),
        status: response.status,
      });
      return response;
    },
  });
  return { client, exchanges };
}

describe('reads the client keeps, asked again with their ETag', () => {
  it('pets.get: the second read is a 304 and gives the same animal', async () => {
    const { client, exchanges } = notingClient();
    const pet = seeded[2] as Pet;
    expect(await client.pets.get(pet.id)).toStrictEqual(pet);
    expect(await client.pets.get(pet.id)).toStrictEqual(pet);
    expect(exchanges.map((exchange) => exchange.status)).toStrictEqual([200, 304]);
    expect(exchanges[1]?.ifNoneMatch).toMatch(/^"[\w-]+"$/);
  });

  it('pets.page: a page read again is a 304 with its next cursor; a changed page is read afresh', async () => {
    const { client, exchanges } = notingClient();
    const first = await client.pets.page({ limit: 2 });
    expect(await client.pets.page({ limit: 2 })).toStrictEqual(first);
    expect(first.nextCursor).toBeDefined();
    const last = await client.pets.page({ limit: 10 });
    await client.pets.create({ name: 'Newcomer', categoryId: 2 });
    const grown = await client.pets.page({ limit: 10 });
    expect(grown.pets).toHaveLength(last.pets.length + 1);
    expect(exchanges.map((exchange) => exchange.status)).toStrictEqual([200, 304, 200, 201, 200]);
  });

  it('gives each caller a copy of its own: changing one answer does not change the next', async () => {
    const { client } = notingClient();
    const pet = seeded[0] as Pet;
    const mine = await client.pets.get(pet.id);
    mine.name = 'Changed';
    expect(await client.pets.get(pet.id)).toStrictEqual(pet);
  });
});
