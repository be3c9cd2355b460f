import { createHash } from 'node:crypto';
import type { NewPet, Pet } from '@animal-store/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../database/database.js';
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

/** A create on its way to the database: with the claim on its Idempotency-Key, if it has one. */
interface PendingCreate {
  newPet: NewPet;
  claim?: Claim;
}

/** What became of it: stored, or rolled back because its claim was taken over (then it stored nothing). */
type Committed = { kind: 'created'; pet: Pet } | { kind: 'claim_lost' };

/** How many groups of creates each dialect commits at once (decision 077). */
export interface CreationOptions {
  /** SQLite: no bound (its one connection runs one at a time); PostgreSQL: the groups on the pool at once. */
  groupsInFlight: number;
  onCommitBatch?: (size: number) => void;
}

/**
 * Creates animals, exactly once per Idempotency-Key: the animal and the recorded response are committed in one
 * transaction, so a crash leaves either both or neither.
 *
 * Creates that arrive together are committed together (group commit, decisions 008 and 077), with or without a
 * key: every commit waits for its own flush to disk (SQLite's fsync, PostgreSQL's WAL flush), and one commit of many
 * costs about what one of one does. On PostgreSQL a group is one multi-row insert, and the creates that arrive while
 * the groups in flight commit make the next group. Each is still answered only once its commit is durable, with its
 * own animal or its own refusal: a claim taken over rolls back that create alone.
 */
export class PetCreation {
  private readonly keys: IdempotencyRepository;
  private readonly commit: (pending: PendingCreate) => Promise<Committed>;

  /** `pets` is the store's repository on `db`: its compiled queries serve creates too. */
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly pets: PetRepository,
    private readonly dialect: Dialect,
    options: CreationOptions,
  ) {
    this.keys = new IdempotencyRepository(db);
    this.commit = groupCommit(
      (group, asCallers) => this.commitTogether(group, asCallers),
      (pending) => this.commitAlone(pending),
      isConstraintViolation,
      options.onCommitBatch,
      options.groupsInFlight,
    );
  }

  /**
   * A group in one transaction: the animals inserted (on SQLite each as the request that asked for it, its span in
   * that request's trace; on PostgreSQL in one statement), then each key's response recorded. A create whose claim
   * was taken over meanwhile has its animal deleted again before the commit: it stored nothing, and the others stand.
   */
  private async commitTogether(group: PendingCreate[], asCallers: AsCaller[]): Promise<Committed[]> {
    const insert = async (pets: PetRepository) => {
      if (this.dialect === 'postgres') return pets.createMany(group.map((pending) => pending.newPet));
      const created: Pet[] = [];
      for (const [index, { newPet }] of group.entries()) {
        created.push(await (asCallers[index] as AsCaller)(() => pets.create(newPet)));
      }
      return created;
    };
    // Without a key, one statement on PostgreSQL is a transaction of its own: no begin and commit to wait for.
    if (this.dialect === 'postgres' && group.every((pending) => !pending.claim)) {
      return (await insert(this.pets)).map((pet) => ({ kind: 'created', pet }));
    }
    return this.db.transaction().execute(async (transaction) => {
      const created = await insert(this.pets.within(transaction));
      const keyed = group.flatMap(({ claim }, index) =>
        claim ? [{ claim, body: created[index] as Pet, index }] : [],
      );
      const kept = await new IdempotencyRepository(transaction).completeAll(keyed, 201);
      const lostAt = new Set(keyed.filter((_, at) => !kept[at]).map(({ index }) => index));
      const lost = [...lostAt].map((index) => (created[index] as Pet).id);
      if (lost.length > 0) await transaction.deleteFrom('pets').where('id', 'in', lost).execute();
      return created.map(
        (pet, index): Committed => (lostAt.has(index) ? { kind: 'claim_lost' } : { kind: 'created', pet }),
      );
    });
  }

  /** A create on its own: alone when it arrived, or run again after its group failed because of one of them. */
  private async commitAlone({ newPet, claim }: PendingCreate): Promise<Committed> {
    if (!claim) return { kind: 'created', pet: await this.pets.create(newPet) };
    try {
      const pet = await this.db.transaction().execute(async (transaction) => {
        const created = await this.pets.within(transaction).create(newPet);
        if (!(await new IdempotencyRepository(transaction).complete(claim, 201, created))) throw CLAIM_LOST;
        return created;
      });
      return { kind: 'created', pet };
    } catch (error) {
      if (error === CLAIM_LOST) return { kind: 'claim_lost' };
      throw error;
    }
  }

  async create(newPet: NewPet, idempotency?: { scope: string; key: string }): Promise<CreationOutcome> {
    // Without a claim, none can be lost: the create is stored, or its error thrown.
    if (!idempotency) return (await this.commit({ newPet })) as { kind: 'created'; pet: Pet };
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
    let committed: Committed;
    try {
      committed = await this.commit({ newPet, claim });
    } catch (error) {
      await this.keys.release(claim).catch(() => undefined);
      throw error;
    }
    return committed.kind === 'created' ? committed : this.outcomeOfLostClaim(newPet, claim);
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
