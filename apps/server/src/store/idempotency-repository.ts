import { IDEMPOTENCY_WINDOW_HOURS } from '@animal-store/contract';
import { type Kysely, sql } from 'kysely';
import { onceMoreIfConnectionLost } from '../database/retry-lost-connection.js';
import type { DatabaseSchema } from '../database/schema.js';

/** How long a key and its response are kept: a client retrying within the window gets the first response back. */
export const IDEMPOTENCY_TTL_MS = IDEMPOTENCY_WINDOW_HOURS * 60 * 60 * 1000;

/**
 * A claim whose request never completed (its process died between claim and commit) is taken over after this,
 * so that a client's retry is not refused for a whole day.
 */
const ABANDONED_CLAIM_MS = 60 * 1000;

/** Expired keys deleted by one statement of the sweep. */
const SWEEP_BATCH_SIZE = 500;

export interface IdempotencyScope {
  /** The rotation line of the API key the request was authenticated with (its `line`, keys/key-verifier.ts). */
  scope: string;
  key: string;
  requestHash: string;
}

/** A claim on a key, told apart from a later claim on the same key (a takeover) by when it was made. */
export interface Claim extends IdempotencyScope {
  claimedAtMs: number;
}

export type ClaimOutcome =
  | { kind: 'claimed'; claim: Claim }
  | { kind: 'completed'; status: number; body: unknown }
  | { kind: 'in_progress' }
  | { kind: 'mismatch' };

/** Stored Idempotency-Keys: shared by every instance on the database and kept across restarts. */
export class IdempotencyRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Claims the key for a new request, or says what became of the earlier request with it. Insert-or-nothing on the
   * primary key decides races between instances: exactly one concurrent claimant wins.
   */
  async claim(request: IdempotencyScope, now = Date.now()): Promise<ClaimOutcome> {
    const inserted = await this.db
      .insertInto('idempotency_keys')
      .values({
        scope: request.scope,
        key: request.key,
        request_hash: request.requestHash,
        response_status: null,
        response_body: null,
        created_at_ms: now,
      })
      .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
      .executeTakeFirst();
    if (inserted.numInsertedOrUpdatedRows && inserted.numInsertedOrUpdatedRows > 0n)
      return { kind: 'claimed', claim: { ...request, claimedAtMs: now } };

    const existing = await this.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', request.scope)
      .where('key', '=', request.key)
      .executeTakeFirst();
    if (!existing) return this.claim(request, now);

    const expired = existing.created_at_ms < now - IDEMPOTENCY_TTL_MS;
    const abandoned = existing.response_status === null && existing.created_at_ms < now - ABANDONED_CLAIM_MS;
    if (expired || abandoned) return this.takeOver(request, existing.created_at_ms, now);
    if (existing.request_hash !== request.requestHash) return { kind: 'mismatch' };
    if (existing.response_status === null || existing.response_body === null) return { kind: 'in_progress' };
    return { kind: 'completed', status: existing.response_status, body: JSON.parse(existing.response_body) };
  }

  /**
   * Records the response of a claimed request; called in the transaction that made the change. Returns false when
   * the claim is no longer this request's (a retry took it over after ABANDONED_CLAIM_MS, and may have completed
   * it): the caller must then roll its change back, so that the key still creates once.
   */
  async complete(claim: Claim, status: number, body: unknown): Promise<boolean> {
    const result = await this.db
      .updateTable('idempotency_keys')
      .set({ response_status: status, response_body: JSON.stringify(body) })
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .where('created_at_ms', '=', claim.claimedAtMs)
      .where('response_status', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Records the responses of a group's claimed requests in one statement, so that a grouped create's transaction runs
   * as few statements after drawing its ids as a lone one (store/settled-ids.ts counts them). Returns, in order,
   * whether each claim was still its request's, as `complete` does.
   */
  async completeAll(
    completions: ReadonlyArray<{ claim: Claim; body: unknown }>,
    status: number,
  ): Promise<boolean[]> {
    if (completions.length === 0) return [];
    const rows = completions.map(
      ({ claim, body }) =>
        sql`(${claim.scope}, ${claim.key}, cast(${claim.claimedAtMs} as bigint), cast(${JSON.stringify(body)} as text))`,
    );
    const { rows: completed } = await sql<{ scope: string; key: string }>`
      with completion (scope, key, claimed_at_ms, body) as (values ${sql.join(rows)})
      update idempotency_keys
      set response_status = ${status}, response_body = completion.body
      from completion
      where idempotency_keys.scope = completion.scope
        and idempotency_keys.key = completion.key
        and idempotency_keys.created_at_ms = completion.claimed_at_ms
        and idempotency_keys.response_status is null
      returning idempotency_keys.scope, idempotency_keys.key`.execute(this.db);
    const done = new Set(completed.map(({ scope, key }) => JSON.stringify([scope, key])));
    return completions.map(({ claim }) => done.has(JSON.stringify([claim.scope, claim.key])));
  }

  /** Gives a claim up after a failure, so that a retry can proceed at once; a claim taken over is left alone. */
  async release(claim: Claim): Promise<void> {
    // Most often the request failed because its connection was lost; the release must not fail for the same reason.
    await onceMoreIfConnectionLost(() =>
      this.db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', claim.scope)
        .where('key', '=', claim.key)
        .where('created_at_ms', '=', claim.claimedAtMs)
        .where('response_status', 'is', null)
        .execute(),
    );
  }

  /**
   * Deletes expired keys a batch at a time, letting requests run between batches: on SQLite a statement holds the
   * event loop and the write lock while it runs, and a day's keys deleted at once would stall both.
   */
  async deleteExpired(now = Date.now(), batchSize = SWEEP_BATCH_SIZE): Promise<number> {
    let deleted = 0;
    for (;;) {
      const result = await this.db
        .deleteFrom('idempotency_keys')
        .where(({ eb, refTuple, selectFrom }) =>
          eb(
            refTuple('scope', 'key'),
            'in',
            selectFrom('idempotency_keys')
              .select(['scope', 'key'])
              .where('created_at_ms', '<', now - IDEMPOTENCY_TTL_MS)
              .limit(batchSize)
              .$asTuple('scope', 'key'),
          ),
        )
        .executeTakeFirst();
      const batch = Number(result.numDeletedRows);
      deleted += batch;
      if (batch < batchSize) return deleted;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Replaces a stale row, unless another instance replaced it first (then its claim is reported instead). */
  private async takeOver(
    request: IdempotencyScope,
    staleCreatedAt: number,
    now: number,
  ): Promise<ClaimOutcome> {
    const result = await this.db
      .updateTable('idempotency_keys')
      .set({
        request_hash: request.requestHash,
        response_status: null,
        response_body: null,
        created_at_ms: now,
      })
      .where('scope', '=', request.scope)
      .where('key', '=', request.key)
      .where('created_at_ms', '=', staleCreatedAt)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n
      ? { kind: 'claimed', claim: { ...request, claimedAtMs: now } }
      : this.claim(request, now);
  }
}
