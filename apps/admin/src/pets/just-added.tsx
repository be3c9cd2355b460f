import type { Pet, PetStatus } from '@animal-store/contract';
import { PetTable } from './pet-table';

/** How many of the animals added in this visit stay pinned: enough for a batch typed in one sitting. */
export const JUST_ADDED_LIMIT = 5;

/** `pets` with `pet` first, once (a replayed add answers the same animal), at most JUST_ADDED_LIMIT of them. */
export function withJustAdded(pets: readonly Pet[], pet: Pet): Pet[] {
  return [pet, ...pets.filter(({ id }) => id !== pet.id)].slice(0, JUST_ADDED_LIMIT);
}

/**
 * The animals just added that belong to the list asked for (`status`) but are not on `page`, the page on screen;
 * none while that page is not settled (`undefined`), which would flash an animal above a list about to show it.
 */
export function pinnedAnimals(
  justAdded: readonly Pet[],
  page: readonly Pet[] | undefined,
  status?: PetStatus,
): Pet[] {
  if (!page) return [];
  const shown = new Set(page.map(({ id }) => id));
  return justAdded.filter((pet) => !shown.has(pet.id) && (status === undefined || pet.status === status));
}

/**
 * The animals added in this visit that the page on screen does not show, newest first, pinned above the catalogue.
 * The store lists oldest first and pages forward only (the interface fixes listPets' order), so past the first page
 * a new animal sits on the last one, which no page can jump to; here the admin sees and opens it at once, and an
 * animal the page below shows is not shown twice (decision 052).
 */
export function JustAdded({ pets, onOpen }: { pets: readonly Pet[]; onOpen: (pet: Pet) => void }) {
  if (pets.length === 0) return null;
  return (
    <section className="just-added" aria-labelledby="just-added-heading">
      <h3 id="just-added-heading">Just added</h3>
      <PetTable
        pets={pets}
        caption="Animals you added in this visit, newest first"
        busy={false}
        onOpen={onOpen}
      />
      <p className="just-added-note">
        The catalogue below lists the oldest first: new animals come at its end.
      </p>
    </section>
  );
}
