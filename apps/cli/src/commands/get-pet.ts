import { contract, dayInWords, GET_PET_SUNSET } from '@animal-store/contract';
import { type ApiClient, failureOf } from '../api-client.js';
import { wantsJson, writeErr, writeJson, writeOut } from '../output/output.js';
import { formatPetTable } from '../output/pet-table.js';

/**
 * Warned on every call, before the request, so that scripts still using it are noticed long before the
 * operation disappears, whatever the answer.
 */
export const GET_DEPRECATION_WARNING =
  `warning: \`pets get\` calls getPet (GET /pets/{id}), which is deprecated and will be removed on ${dayInWords(GET_PET_SUNSET)}. ` +
  'Use `animal-store pets list --status S` (GET /pets with the status filter) instead.\n';

export async function getPet(client: ApiClient, petId: number, options: { json?: boolean }): Promise<void> {
  if (contract.getPet.deprecated) writeErr(GET_DEPRECATION_WARNING);
  const response = await client.getPet({ params: { petId: String(petId) } });
  if (response.status !== 200) throw failureOf(response);
  if (wantsJson(options.json)) writeJson(response.body);
  else writeOut(formatPetTable([response.body]));
}
