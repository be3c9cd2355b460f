import type { AnimalStoreClient } from '@animal-store/client';
import { contract, dayInWords, GET_PET_SUNSET } from '@animal-store/contract';
import { wantsJson, writeErr, writeJson, writeOut } from '../output/output.js';
import { formatPetTable } from '../output/pet-table.js';

export const sunsetDay = dayInWords(GET_PET_SUNSET);

/**
 * Warned on every call, before the request, so that scripts still using it are noticed long before the
 * operation disappears, whatever the answer. The interface names `GET /pets` with the status filter as the
 * replacement; it has no other way to fetch one animal by id, and the warning says so rather than promise one.
 */
export const GET_DEPRECATION_WARNING =
  `warning: \`pets get\` calls getPet (GET /pets/{id}), which is deprecated and will be removed on ${sunsetDay}. ` +
  'The API offers no other way to fetch one animal by id: use `animal-store pets list` (GET /pets) instead, ' +
  'with --status to narrow it and --all for every page.\n';

export async function getPet(
  client: AnimalStoreClient,
  petId: number,
  options: { json?: boolean },
): Promise<void> {
  if (contract.getPet.deprecated) writeErr(GET_DEPRECATION_WARNING);
  const pet = await client.pets.get(petId);
  if (wantsJson(options.json)) writeJson(pet);
  else writeOut(formatPetTable([pet]));
}
