import type { Pet } from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import { JUST_ADDED_LIMIT, pinnedAnimals, withJustAdded } from './just-added';

const pet = (id: number, status?: Pet['status']): Pet => ({
  id,
  name: `Pet ${id}`,
  categoryId: 1,
  ...(status && { status }),
});

describe('withJustAdded', () => {
  it('puts the newest first, once, and keeps at most the limit', () => {
    let pets: Pet[] = [];
    for (let id = 1; id <= JUST_ADDED_LIMIT + 1; id++) pets = withJustAdded(pets, pet(id));
    expect(pets.map(({ id }) => id)).toStrictEqual([6, 5, 4, 3, 2]);
    // A replayed add answers the same animal: it moves to the front rather than showing twice.
    expect(withJustAdded(pets, pet(4)).map(({ id }) => id)).toStrictEqual([4, 6, 5, 3, 2]);
  });
});

describe('pinnedAnimals', () => {
  const added = [pet(23, 'sold'), pet(22, 'pending'), pet(3)];

  it('pins what the page on screen does not show, of the status asked for', () => {
    expect(pinnedAnimals(added, [pet(1), pet(2), pet(3)]).map(({ id }) => id)).toStrictEqual([23, 22]);
    expect(pinnedAnimals(added, [pet(1)], 'pending').map(({ id }) => id)).toStrictEqual([22]);
  });

  it('pins nothing while the page is not settled', () => {
    expect(pinnedAnimals(added, undefined)).toStrictEqual([]);
  });
});
