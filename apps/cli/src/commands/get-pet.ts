import { contract, dayInWords, GET_PET_SUNSET } from '@animal-store/contract';
import { type ApiClient, failureOf } from '../api-client.js';
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

export async function getPet(client: ApiClient, petId: number, options: { json?: boolean }): Promise<void> {
  if (contract.getPet.deprecated) writeErr(GET_DEPRECATION_WARNING);
  const response = await client.getPet({ params: { petId: String(petId) } });
  if (response.status !== 200) throw failureOf(response);
  if (wantsJson(options.json)) writeJson(response.body);
  else writeOut(formatPetTable([response.body]));
}
