import type { AnimalStoreClient } from '@animal-store/client';
import { LIST_LIMIT, type Pet, type PetStatus } from '@animal-store/contract';
import { wantsJson, writeErr, writeJson, writeOut } from '../output/output.js';
import { formatPetTable } from '../output/pet-table.js';

export interface ListOptions {
  status?: PetStatus;
  limit?: number;
  all?: boolean;
  json?: boolean;
}

/** One page, or with `--all` every page: the client follows the `next` links until the store sends none. */
export async function listPets(client: AnimalStoreClient, options: ListOptions): Promise<void> {
  const { pets, more } = await (options.all ? everyPage(client, options) : firstPage(client, options));
  if (wantsJson(options.json)) writeJson(pets);
  else writeOut(pets.length === 0 ? 'No animals match.\n' : formatPetTable(pets));
  if (more) writeErr('More animals follow: add --all to list every page.\n');
}

interface Listed {
  pets: Pet[];
  /** Whether animals follow that were not fetched. */
  more: boolean;
}

async function firstPage(client: AnimalStoreClient, { status, limit }: ListOptions): Promise<Listed> {
  const page = await client.pets.page({ status, limit });
  return { pets: page.pets, more: page.nextCursor !== undefined };
}

async function everyPage(client: AnimalStoreClient, { status, limit }: ListOptions): Promise<Listed> {
  const pets: Pet[] = [];
  // Walking every page, the largest pages the store allows mean the fewest round trips.
  for await (const pet of client.pets.list({ status, limit: limit ?? LIST_LIMIT.max })) pets.push(pet);
  return { pets, more: false };
}
