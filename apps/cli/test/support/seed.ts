import {
  type CreatedApiKey,
  CreatedApiKeySchema,
  type NewApiKey,
  type NewPet,
  type Pet,
  PetSchema,
} from '@animal-store/contract';

type Server = { baseUrl: string; apiKey: string };

/** A POST straight over HTTP, so that the data a test reads does not depend on the CLI under test. */
async function post(server: Server, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function seedPets(server: Server, pets: NewPet[]): Promise<Pet[]> {
  const created: Pet[] = [];
  for (const pet of pets) created.push(PetSchema.parse(await post(server, '/pets', pet)));
  return created;
}

/** A key made with the server's own key, its secret included. */
export async function seedKey(server: Server, key: NewApiKey): Promise<CreatedApiKey> {
  return CreatedApiKeySchema.parse(await post(server, '/api-keys', key));
}
