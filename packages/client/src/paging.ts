import type { Pet } from '@animal-store/contract/schemas';

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

/** A listing on `fetchPage`, which fetches the page at a cursor (the first page at none). */
export function petListing(fetchPage: (cursor: string | undefined) => Promise<PetPage>): PetListing {
  async function* pages() {
    let cursor: string | undefined;
    do {
      const page = await fetchPage(cursor);
      yield page.pets;
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  }
  return {
    pages,
    async *[Symbol.asyncIterator]() {
      for await (const pets of pages()) yield* pets;
    },
  };
}
