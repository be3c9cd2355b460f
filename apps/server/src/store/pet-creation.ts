import { createHash } from 'node:crypto';
import type { NewPet, Pet } from '@animal-store/contract';
import type { Kysely } from 'kysely';
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
 */
export class PetCreation {
  private readonly keys: IdempotencyRepository;

  /** `pets` is the store's repository on `db`: its compiled queries serve creates too. */
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly pets: PetRepository,
  ) {
    this.keys = new IdempotencyRepository(db);
  }

  async create(newPet: NewPet, idempotency?: { scope: string; key: string }): Promise<CreationOutcome> {
    if (!idempotency) return { kind: 'created', pet: await this.pets.create(newPet) };

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
