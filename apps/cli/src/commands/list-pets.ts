import { LIST_LIMIT, nextPageCursor, type Pet, type PetStatus } from '@animal-store/contract';
import { type ApiClient, failureOf } from '../api-client.js';
import { wantsJson, writeErr, writeJson, writeOut } from '../output/output.js';
import { formatPetTable } from '../output/pet-table.js';

export interface ListOptions {
  status?: PetStatus;
  limit?: number;
  all?: boolean;
  json?: boolean;
}

/**
 * One page, or with `--all` every page: the `next` link is followed until the server sends none. Only its
 * `cursor` is taken from the link, so that each request still goes through the typed client.
 */
export async function listPets(client: ApiClient, options: ListOptions): Promise<void> {
  const pets: Pet[] = [];
  // Walking every page, the largest pages the server allows mean the fewest round trips.
  const limit = options.limit ?? (options.all ? LIST_LIMIT.max : undefined);
  let cursor: string | undefined;
  do {
    const response = await client.listPets({
      // Parameters travel as text: the contract reads `limit` from its decimal digits.
      query: { limit: limit === undefined ? undefined : String(limit), status: options.status, cursor },
    });
    if (response.status !== 200) throw failureOf(response);
    pets.push(...response.body);
    cursor = nextPageCursor(response.headers.get('link'));
  } while (options.all && cursor !== undefined);

  if (wantsJson(options.json)) writeJson(pets);
  else writeOut(pets.length === 0 ? 'No animals match.\n' : formatPetTable(pets));
  if (!options.all && cursor !== undefined) {
    writeErr('More animals follow: add --all to list every page.\n');
  }
}
