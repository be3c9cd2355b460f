import type { Pet } from '@animal-store/contract/schemas';
import { AnimalStoreError } from './animal-store-error.js';

/** One page of animals, and the cursor of the next one: undefined on the last page. */
export interface PetPage {
  pets: Pet[];
  nextCursor: string | undefined;
}

/**
 * Every item of a listing, fetched a page at a time as the loop asks for them: `for await (const item of
 * listing)`, or `for await (const items of listing.pages())` page by page. Each loop starts again from the first
 * page.
 */
export interface Listing<Item> extends AsyncIterable<Item> {
  pages(): AsyncIterable<Item[]>;
}

/** A listing of animals. */
export type PetListing = Listing<Pet>;

/**
 * A listing on `fetchPage`, which fetches the page at a cursor (the first page at none). A cursor the listing has
 * already followed would start a loop that never ends: it is an answer no store gives, and ends the listing.
 */
export function listing<Item>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: Item[]; nextCursor: string | undefined }>,
): Listing<Item> {
  async function* pages() {
    const followed = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await fetchPage(cursor);
      yield page.items;
      cursor = page.nextCursor;
      if (cursor !== undefined && followed.has(cursor)) throw repeatedCursor();
      if (cursor !== undefined) followed.add(cursor);
    } while (cursor !== undefined);
  }
  return {
    pages,
    async *[Symbol.asyncIterator]() {
      for await (const items of pages()) yield* items;
    },
  };
}

/** The listing of animals on `fetchPage`. */
export const petListing = (fetchPage: (cursor: string | undefined) => Promise<PetPage>): PetListing =>
  listing(async (cursor) => {
    const page = await fetchPage(cursor);
    return { items: page.pets, nextCursor: page.nextCursor };
  });

const repeatedCursor = () =>
  new AnimalStoreError({
    code: 'unexpected_response',
    status: 200,
    message:
      'The store linked to a page of this listing that was already read; the listing stops rather than loop.',
  });
