import { type NewPet, nextPageCursor, type Pet } from '@animal-store/contract/schemas';
import { newIdempotencyKey } from './idempotency-key.js';
import { keptReads } from './kept-reads.js';
import type { CallOptions } from './options.js';
import { type PetPage, petListing } from './paging.js';
import type { CreatePetOptions, PetPageOptions, PetReceipt, PetsApi } from './pets-api.js';
import type { StoreCalls } from './store-calls.js';
import { successOf } from './success.js';

/** The animals' methods on the store's calls; their retries are the fetcher's. */
export function petsApi(calls: StoreCalls): PetsApi {
  const read = keptReads();
  const conditional = (ifNoneMatch: string | undefined) =>
    ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch };

  async function page(query: PetPageOptions = {}, options?: CallOptions): Promise<PetPage> {
    const { value, headers } = await read<Pet[]>(`list ${JSON.stringify(query)}`, async (ifNoneMatch) => {
      const answer = await calls.listPets({
        query,
        headers: conditional(ifNoneMatch),
        fetchOptions: { signal: options?.signal },
      });
      return answer.status === 304 ? answer : successOf(answer, 200);
    });
    return { pets: value, nextCursor: nextPageCursor(headers.get('link')) };
  }

  async function createWithReceipt(pet: NewPet, options?: CreatePetOptions): Promise<PetReceipt> {
    // Made here rather than left to the fetcher, so that the receipt can name the key the store saw.
    const idempotencyKey = options?.idempotencyKey ?? newIdempotencyKey();
    const answer = await calls.createPet({
      body: pet,
      headers: { 'idempotency-key': idempotencyKey },
      fetchOptions: { signal: options?.signal },
    });
    const { body, headers } = successOf(answer, 201);
    return { pet: body, replayed: headers.get('idempotent-replayed') === 'true', idempotencyKey };
  }

  return {
    list: (query = {}, options) => petListing((cursor) => page({ ...query, cursor }, options)),
    page,
    createWithReceipt,
    create: async (pet, options) => (await createWithReceipt(pet, options)).pet,
    get: async (id, options) => {
      const { value } = await read<Pet>(`get ${id}`, async (ifNoneMatch) => {
        const answer = await calls.getPet({
          params: { petId: String(id) },
          query: {},
          headers: conditional(ifNoneMatch),
          fetchOptions: { signal: options?.signal },
        });
        return answer.status === 304 ? answer : successOf(answer, 200);
      });
      return value;
    },
  };
}
