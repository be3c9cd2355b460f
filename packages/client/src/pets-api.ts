import type { NewPet, Pet, PetStatus } from '@animal-store/contract/schemas';
import type { CallOptions } from './options.js';
import type { PetListing, PetPage } from './paging.js';

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
