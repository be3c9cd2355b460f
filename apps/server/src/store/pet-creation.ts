import { createHash } from 'node:crypto';
import type { NewPet, Pet } from '@animal-store/contract';
import type { Kysely } from 'kysely';
import { isConstraintViolation } from './database-errors.js';
import { groupCommit } from './group-commit.js';
import { IdempotencyRepository } from './idempotency-repository.js';
import type { PetRepository } from './pet-repository.js';
import type { DatabaseSchema } from './schema.js';

export type CreationOutcome =
  | { kind: 'created'; pet: Pet }
  | { kind: 'replayed'; pet: Pet }
  | { kind: 'in_progress' }
  | { kind: 'key_reused' };

/** The body as a fixed-order tuple, so that `{a, b}` and `{b, a}` count as the same request. */
export function hashNewPet(newPet: NewPet): string {
  return createHash('sha256')
    .update(JSON.stringify([newPet.name, newPet.categoryId, newPet.status ?? null]))
    .digest('hex');
}

/**
 * Creates animals, exactly once per Idempotency-Key: the animal and the recorded response are committed in one
 * transaction, so a crash leaves either both or neither.
 *
 * With `groupCommits` (on SQLite), creates without a key that arrive together are committed together: SQLite
 * waits for an fsync at every commit, holding its one connection, and better-sqlite3 the event loop, meanwhile, so
 * one commit per create made creates as slow as the disk. Each is still answered only once its commit is durable.
 * PostgreSQL needs no help: concurrent commits on its pool already share the WAL's flushes.
 */
export class PetCreation {
  private readonly keys: IdempotencyRepository;
  private readonly createWithoutKey: (newPet: NewPet) => Promise<Pet>;

  /** `pets` is the store's repository on `db`: its compiled queries serve creates too. */
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly pets: PetRepository,
    options: { groupCommits: boolean; onCommitBatch?: (size: number) => void },
  ) {
    this.keys = new IdempotencyRepository(db);
    const createOne = (newPet: NewPet) => this.pets.create(newPet);
    this.createWithoutKey = options.groupCommits
      ? groupCommit(
          (newPets) => this.createInOneTransaction(newPets),
          createOne,
          isConstraintViolation,
          options.onCommitBatch,
        )
      : createOne;
  }

  private createInOneTransaction(newPets: NewPet[]): Promise<Pet[]> {
    return this.db.transaction().execute(async (transaction) => {
      const pets = this.pets.within(transaction);
      const created: Pet[] = [];
      for (const newPet of newPets) created.push(await pets.create(newPet));
      return created;
    });
  }

  async create(newPet: NewPet, idempotency?: { scope: string; key: string }): Promise<CreationOutcome> {
    if (!idempotency) return { kind: 'created', pet: await this.createWithoutKey(newPet) };

    const request = { ...idempotency, requestHash: hashNewPet(newPet) };
    const claim = await this.keys.claim(request);
    if (claim.kind === 'completed') return { kind: 'replayed', pet: claim.body as Pet };
    if (claim.kind === 'in_progress') return { kind: 'in_progress' };
    if (claim.kind === 'mismatch') return { kind: 'key_reused' };
    try {
      const pet = await this.db.transaction().execute(async (transaction) => {
        const created = await this.pets.within(transaction).create(newPet);
        await new IdempotencyRepository(transaction).complete(request, 201, created);
        return created;
      });
      return { kind: 'created', pet };
    } catch (error) {
      await this.keys.release(request).catch(() => undefined);
      throw error;
    }
  }
}
