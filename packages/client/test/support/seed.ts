import { type NewApiKey, type NewPet, type Pet, PetSchema } from '@animal-store/contract';
import type { StoreProcess } from './store-process.js';

/** A POST straight over HTTP, so that what a test reads does not depend on the client under test. */
async function post(store: StoreProcess, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${store.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${store.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function seedPets(store: StoreProcess, pets: NewPet[]): Promise<Pet[]> {
  const created: Pet[] = [];
  for (const pet of pets) created.push(PetSchema.parse(await post(store, '/pets', pet)));
  return created;
}

/** A key's secret, made with the store's own key. */
export async function seedKey(store: StoreProcess, key: NewApiKey): Promise<string> {
  return ((await post(store, '/api-keys', key)) as { key: string }).key;
}

/** Every animal the store holds, read straight over HTTP in one page. */
export async function storedPets(store: StoreProcess): Promise<Pet[]> {
  const response = await fetch(`${store.baseUrl}/pets?limit=100`, {
    headers: { authorization: `Bearer ${store.apiKey}` },
  });
  return PetSchema.array().parse(await response.json());
}
