import type { Pet } from '@animal-store/contract/schemas';
import { AnimalStoreError } from './animal-store-error.js';

/** One page of animals, and the cursor of the next one: undefined on the last page. */
export interface PetPage {
  pets: Pet[];
  nextCursor: string | undefined;
}

/**
 * Every animal of a listing, fetched a page at a time as the loop asks for them: `for await (const pet of
 * listing)`, or `for await (const pets of listing.pages())` page by page. Each loop starts again from the first
 * page.
 */
export interface PetListing extends AsyncIterable<Pet> {
  pages(): AsyncIterable<Pet[]>;
}

/**
 * A listing on `fetchPage`, which fetches the page at a cursor (the first page at none). A cursor the listing has
 * already followed would start a loop that never ends: it is an answer no store gives, and ends the listing.
 */
export function petListing(fetchPage: (cursor: string | undefined) => Promise<PetPage>): PetListing {
  async function* pages() {
    const followed = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await fetchPage(cursor);
      yield page.pets;
      cursor = page.nextCursor;
      if (cursor !== undefined && followed.has(cursor)) throw repeatedCursor();
      if (cursor !== undefined) followed.add(cursor);
    } while (cursor !== undefined);
  }
  return {
    pages,
    async *[Symbol.asyncIterator]() {
      for await (const pets of pages()) yield* pets;
    },
  };
}

const repeatedCursor = () =>
  new AnimalStoreError({
    code: 'unexpected_response',
    status: 200,
    message:
      'The store linked to a page of this listing that was already read; the listing stops rather than loop.',
  });
