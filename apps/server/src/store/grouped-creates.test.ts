import type { NewPet } from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import type { CreationOutcome } from './pet-creation.js';
import { openRepositories, type Repositories } from './repositories.js';

/** Creates sent in one turn of the event loop: on either database they go to the database as one group. */
const AT_ONCE = 12;

describe.each(testDatabaseKinds)('creates grouped into one commit on $name', (kind) => {
  let database: TestDatabase;
  let store: Repositories;
  /** The size of every group committed, 1 for a create alone. */
  const groups: number[] = [];

  beforeAll(async () => {
    database = await kind.create();
    store = await openRepositories(database.config, { onCommitBatch: (size) => groups.push(size) });
  });

  afterAll(async () => {
    await store.database.close();
    await database.drop();
  });

  /** Runs `send` and returns the groups it committed. */
  async function groupsOf<T>(send: () => Promise<T>): Promise<{ result: T; groups: number[] }> {
    const before = groups.length;
    const result = await send();
    return { result, groups: groups.slice(before) };
  }

  const newPets = (prefix: string): NewPet[] =>
    Array.from({ length: AT_ONCE }, (_, index) => ({
      name: `${prefix} ${index}`,
      categoryId: index + 1,
      ...(index % 2 === 0 ? { status: 'sold' as const } : {}),
    }));

  async function expectStoredAsAnswered(outcomes: CreationOutcome[]): Promise<void> {
    for (const outcome of outcomes) {
      if (outcome.kind !== 'created' && outcome.kind !== 'replayed') throw new Error(outcome.kind);
      expect(await store.pets.findById(outcome.pet.id)).toStrictEqual(outcome.pet);
    }
  }

  it('commits creates sent together in one group, and answers each with its own animal', async () => {
    const asked = newPets('Together');
    const { result, groups: committed } = await groupsOf(() =>
      Promise.all(asked.map((newPet) => store.petCreation.create(newPet))),
    );
    expect(committed).toStrictEqual([AT_ONCE]);
    expect(result).toStrictEqual(
      asked.map((newPet) => ({ kind: 'created', pet: { id: expect.any(Number), ...newPet } })),
    );
    const ids = result.map((outcome) => (outcome.kind === 'created' ? outcome.pet.id : 0));
    expect(new Set(ids).size).toBe(AT_ONCE);
    await expectStoredAsAnswered(result);
  });

  it('groups creates with Idempotency-Keys, and replays one of them later with the same animal', async () => {
    const asked = newPets('Keyed');
    const claims = await Promise.all(
      asked.map((newPet, index) =>
        store.petCreation.claimKey(newPet, { scope: 'grouped', key: `keyed-${index}` }),
      ),
    );
    const { result, groups: committed } = await groupsOf(() =>
      Promise.all(
        claims.map((claimed, index) => {
          if (claimed.kind !== 'claimed') throw new Error(claimed.kind);
          return store.petCreation.createClaimed(asked[index] as NewPet, claimed.claim);
        }),
      ),
    );
    expect(committed).toStrictEqual([AT_ONCE]);
    await expectStoredAsAnswered(result);
    // The response each recorded is its own: a replay gives the same animal back.
    const replays = await Promise.all(
      asked.map((newPet, index) =>
        store.petCreation.create(newPet, { scope: 'grouped', key: `keyed-${index}` }),
      ),
    );
    expect(replays).toStrictEqual(
      result.map((outcome) => ({ kind: 'replayed', pet: outcome.kind === 'created' && outcome.pet })),
    );
  });

  it("rolls back only the create whose claim was taken over, inside a group, and answers it with the winner's animal", async () => {
    const stalledPet = { name: `Stalled in a group on ${kind.name}`, categoryId: 5 };
    const idempotency = { scope: 'grouped', key: 'stalled' };
    // A request claims its key, then stalls past the takeover time, and its retry creates the animal...
    const stalled = await store.petCreation.claimKey(stalledPet, idempotency, Date.now() - 61_000);
    if (stalled.kind !== 'claimed') throw new Error(stalled.kind);
    const retry = await store.petCreation.create(stalledPet, idempotency);
    if (retry.kind !== 'created') throw new Error(retry.kind);
    // ...then the stalled request resumes in a group with others.
    const others = newPets('Beside a lost claim');
    const { result, groups: committed } = await groupsOf(() =>
      Promise.all([
        store.petCreation.createClaimed(stalledPet, stalled.claim),
        ...others.map((newPet) => store.petCreation.create(newPet)),
      ]),
    );
    expect(committed[0]).toBe(AT_ONCE + 1);
    expect(result[0]).toStrictEqual({ kind: 'replayed', pet: retry.pet });
    expect(result.slice(1)).toStrictEqual(
      others.map((newPet) => ({ kind: 'created', pet: { id: expect.any(Number), ...newPet } })),
    );
    await expectStoredAsAnswered(result);
    const stored = await store.database.db
      .selectFrom('pets')
      .select('id')
      .where('name', '=', stalledPet.name)
      .execute();
    expect(stored).toStrictEqual([{ id: retry.pet.id }]);
  });

  it('refuses the one create a constraint refuses, and stores the others of its group', async () => {
    const asked = newPets('Beside a refused one');
    // Validation keeps such a status out of a request; the table's own check refuses it here.
    const refused = { name: 'Refused', categoryId: 1, status: 'lost' } as unknown as NewPet;
    const { result, groups: committed } = await groupsOf(() =>
      Promise.allSettled([refused, ...asked].map((newPet) => store.petCreation.create(newPet))),
    );
    expect(committed).toStrictEqual([AT_ONCE + 1]);
    expect(result[0]?.status).toBe('rejected');
    const created = result
      .slice(1)
      .map((settled) => (settled.status === 'fulfilled' ? settled.value : settled));
    expect(created).toStrictEqual(
      asked.map((newPet) => ({ kind: 'created', pet: { id: expect.any(Number), ...newPet } })),
    );
    await expectStoredAsAnswered(created as CreationOutcome[]);
    expect(
      await store.database.db.selectFrom('pets').select('id').where('name', '=', 'Refused').execute(),
    ).toStrictEqual([]);
  });
});
