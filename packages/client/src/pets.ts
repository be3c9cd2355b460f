import { type NewPet, nextPageCursor, type Pet, type PetStatus } from '@animal-store/contract';
import type { CallOptions, RetrySettings } from './options.js';
import { type PetListing, type PetPage, petListing } from './paging.js';
import { withRetries } from './retrying.js';
import { successOf } from './success.js';
import type { StoreCalls } from './transport.js';

export interface ListPetsOptions {
  /** Only animals with this status. */
  status?: PetStatus;
  /** Animals per page, 1 to 100; the store's default (20) when absent. */
  limit?: number;
}

export interface PetPageOptions extends ListPetsOptions {
  /** Where the page starts: a previous page's `nextCursor`; the first page when absent. */
  cursor?: string;
}

export interface CreatePetOptions extends CallOptions {
  /** The Idempotency-Key to send, e.g. one derived from the row being imported; a new random one when absent. */
  idempotencyKey?: string;
}

/** A created animal, and whether the store replayed the answer to an earlier call with the same Idempotency-Key. */
export interface PetReceipt {
  pet: Pet;
  replayed: boolean;
  idempotencyKey: string;
}

export interface PetsApi {
  /** Every animal, in id order, following each page's `Link: rel="next"` to the end. */
  list(query?: ListPetsOptions, options?: CallOptions): PetListing;
  /** One page of animals. */
  page(query?: PetPageOptions, options?: CallOptions): Promise<PetPage>;
  /** Adds an animal, with an Idempotency-Key that every retry repeats, so that it is added once. */
  create(pet: NewPet, options?: CreatePetOptions): Promise<Pet>;
  /** Adds an animal as `create` does, and tells whether the store had already added it for this key. */
  createWithReceipt(pet: NewPet, options?: CreatePetOptions): Promise<PetReceipt>;
  /** @deprecated getPet is removed on 5 December 2030 (Sunset); list instead. */
  get(id: number, options?: CallOptions): Promise<Pet>;
}

export function petsApi(calls: StoreCalls, settings: RetrySettings): PetsApi {
  const reads = (options: CallOptions | undefined) => ({
    repeatableWithoutAnswer: true,
    signal: options?.signal,
  });

  async function page(query: PetPageOptions = {}, options?: CallOptions): Promise<PetPage> {
    const answer = await withRetries(settings, reads(options), (signal) =>
      calls.listPets({ query, fetchOptions: { signal } }),
    );
    const { body, headers } = successOf(answer, 200);
    return { pets: body, nextCursor: nextPageCursor(headers.get('link')) };
  }

  async function createWithReceipt(pet: NewPet, options?: CreatePetOptions): Promise<PetReceipt> {
    const idempotencyKey = options?.idempotencyKey ?? crypto.randomUUID();
    // The store answers a repeat of the same key with the first answer, so a create is safe to repeat.
    const rules = { repeatableWithoutAnswer: true, waitsWhileInProgress: true, signal: options?.signal };
    const answer = await withRetries(settings, rules, (signal) =>
      calls.createPet({
        body: pet,
        headers: { 'idempotency-key': idempotencyKey },
        fetchOptions: { signal },
      }),
    );
    const { body, headers } = successOf(answer, 201);
    return { pet: body, replayed: headers.get('idempotent-replayed') === 'true', idempotencyKey };
  }

  return {
    list: (query = {}, options) => petListing((cursor) => page({ ...query, cursor }, options)),
    page,
    createWithReceipt,
    create: async (pet, options) => (await createWithReceipt(pet, options)).pet,
    get: async (id, options) => {
      const answer = await withRetries(settings, reads(options), (signal) =>
        calls.getPet({ params: { petId: String(id) }, fetchOptions: { signal } }),
      );
      return successOf(answer, 200).body;
    },
  };
}
