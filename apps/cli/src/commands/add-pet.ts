import type { AnimalStoreClient } from '@animal-store/client';
import type { NewPet } from '@animal-store/contract';
import { wantsJson, writeJson, writeOut } from '../output/output.js';
import { formatPetTable } from '../output/pet-table.js';

export async function addPet(
  client: AnimalStoreClient,
  newPet: NewPet,
  options: { json?: boolean },
): Promise<void> {
  const pet = await client.pets.create(newPet);
  if (wantsJson(options.json)) {
    writeJson(pet);
    return;
  }
  writeOut(`Created animal ${pet.id}.\n${formatPetTable([pet])}`);
}
