import type { NewPet } from '@animal-store/contract';
import { type ApiClient, failureOf } from '../api-client.js';
import { wantsJson, writeJson, writeOut } from '../output/output.js';
import { formatPetTable } from '../output/pet-table.js';

export async function addPet(client: ApiClient, pet: NewPet, options: { json?: boolean }): Promise<void> {
  const response = await client.createPet({ body: pet });
  if (response.status !== 201) throw failureOf(response);
  if (wantsJson(options.json)) {
    writeJson(response.body);
    return;
  }
  writeOut(`Created animal ${response.body.id}.\n${formatPetTable([response.body])}`);
}
