import { type NewPet, type Pet, PetSchema } from '@animal-store/contract';

/** Creates animals directly over HTTP, so that the data a test reads does not depend on the CLI under test. */
export async function seedPets(server: { baseUrl: string; apiKey: string }, pets: NewPet[]): Promise<Pet[]> {
  const created: Pet[] = [];
  for (const pet of pets) {
    const response = await fetch(`${server.baseUrl}/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(pet),
    });
    if (response.status !== 201)
      throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
    created.push(PetSchema.parse(await response.json()));
  }
  return created;
}
