import { createHash } from 'node:crypto';
import type { NewPet, Pet } from '@animal-store/contract';
import type { Kysely } from 'kysely';
import { isConstraintViolation } from '../database/database-errors.js';
import type { DatabaseSchema } from '../database/schema.js';
import { type AsCaller, groupCommit } from './group-commit.js';
import { type Claim, IdempotencyRepository } from './idempotency-repository.js';
import type { PetRepository } from './pet-repository.js';

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
          (newPets, asCallers) => this.createInOneTransaction(newPets, asCallers),
          createOne,
          isConstraintViolation,
          options.onCommitBatch,
        )
      : createOne;
  }

  /** Each insert as the request that asked for it (its span in that request's trace), in one transaction. */
  private createInOneTransaction(newPets: NewPet[], asCallers: AsCaller[]): Promise<Pet[]> {
    return this.db.transaction().execute(async (transaction) => {
      const pets = this.pets.within(transaction);
      const created: Pet[] = [];
      for (const [index, newPet] of newPets.entries()) {
        created.push(await (asCallers[index] as AsCaller)(() => pets.create(newPet)));
      }
      return created;
    });
  }

  async create(newPet: NewPet, idempotency?: { scope: string; key: string }): Promise<CreationOutcome> {
    if (!idempotency) return { kind: 'created', pet: await this.createWithoutKey(newPet) };
    const outcome = await this.claimKey(newPet, idempotency);
    return outcome.kind === 'claimed' ? this.createClaimed(newPet, outcome.claim) : outcome;
  }

  /** The first step of a create with an Idempotency-Key: the key is claimed, or what became of it is said. */
  async claimKey(
    newPet: NewPet,
    idempotency: { scope: string; key: string },
    now = Date.now(),
  ): Promise<{ kind: 'claimed'; claim: Claim } | Exclude<CreationOutcome, { kind: 'created' }>> {
    const claimed = await this.keys.claim({ ...idempotency, requestHash: hashNewPet(newPet) }, now);
    if (claimed.kind === 'completed') return { kind: 'replayed', pet: claimed.body as Pet };
    if (claimed.kind === 'mismatch') return { kind: 'key_reused' };
    return claimed;
  }

  /**
   * The second step: the animal and the response are committed together, if the claim is still this request's.
   * A request stalled past ABANDONED_CLAIM_MS may find its key taken over by a retry: its insert is rolled back
   * and it answers as the retry would now be answered (the winner's animal, or 409 while it is in progress).
   */
  async createClaimed(newPet: NewPet, claim: Claim): Promise<CreationOutcome> {
    try {
      const pet = await this.db.transaction().execute(async (transaction) => {
        const created = await this.pets.within(transaction).create(newPet);
        if (!(await new IdempotencyRepository(transaction).complete(claim, 201, created))) throw CLAIM_LOST;
        return created;
      });
      return { kind: 'created', pet };
    } catch (error) {
      if (error === CLAIM_LOST) return this.outcomeOfLostClaim(newPet, claim);
      await this.keys.release(claim).catch(() => undefined);
      throw error;
    }
  }

  private async outcomeOfLostClaim(newPet: NewPet, claim: Claim): Promise<CreationOutcome> {
    const outcome = await this.claimKey(newPet, claim);
    if (outcome.kind !== 'claimed') return outcome;
    // The key was free again (the other request failed and let it go): this request is not the one to use it now.
    await this.keys.release(outcome.claim);
    return { kind: 'in_progress' };
  }
}

/** Thrown inside the transaction to roll it back when the claim was taken over. */
const CLAIM_LOST = new Error('the Idempotency-Key claim was taken over');
