import {
  type CreatedApiKey,
  CreatedApiKeySchema,
  type NewApiKey,
  type NewPet,
  type Pet,
  PetSchema,
} from '@animal-store/contract';
import type { StoreProcess } from './store-process.js';

type Store = Pick<StoreProcess, 'baseUrl' | 'apiKey'>;

/** A POST straight over HTTP, so that what a test reads does not depend on the code under test. */
async function post(store: Store, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${store.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${store.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function seedPets(store: Store, pets: NewPet[]): Promise<Pet[]> {
  const created: Pet[] = [];
  for (const pet of pets) created.push(PetSchema.parse(await post(store, '/pets', pet)));
  return created;
}

/** A key made with the store's own key, its secret included. */
export async function seedKey(store: Store, key: NewApiKey): Promise<CreatedApiKey> {
  return CreatedApiKeySchema.parse(await post(store, '/api-keys', key));
}

/**
 * Every animal the store holds, read straight over HTTP in one page; with `apiKey`, e.g. one whose rate limit the
 * test does not spend.
 */
export async function storedPets(store: Store, apiKey = store.apiKey): Promise<Pet[]> {
  const response = await fetch(`${store.baseUrl}/pets?limit=100`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  return PetSchema.array().parse(await response.json());
}
