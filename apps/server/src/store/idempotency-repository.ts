import { IDEMPOTENCY_WINDOW_HOURS } from '@animal-store/contract';
import type { Kysely } from 'kysely';
import { onceMoreIfConnectionLost } from './retry-lost-connection.js';
import type { DatabaseSchema } from './schema.js';

/** How long a key and its response are kept: a client retrying within the window gets the first response back. */
export const IDEMPOTENCY_TTL_MS = IDEMPOTENCY_WINDOW_HOURS * 60 * 60 * 1000;

/**
 * A claim whose request never completed (its process died between claim and commit) is taken over after this,
 * so that a client's retry is not refused for a whole day.
 */
const ABANDONED_CLAIM_MS = 60 * 1000;

export interface IdempotencyScope {
  /** The API key the request was authenticated with. */
  scope: string;
  key: string;
  requestHash: string;
}

export type ClaimOutcome =
  | { kind: 'claimed' }
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
      return { kind: 'claimed' };

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

  /** Records the response of a claimed request; called in the transaction that made the change. */
  async complete(request: IdempotencyScope, status: number, body: unknown): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ response_status: status, response_body: JSON.stringify(body) })
      .where('scope', '=', request.scope)
      .where('key', '=', request.key)
      .execute();
  }

  /** Gives a claim up after a failure, so that a retry can proceed at once. */
  async release(request: IdempotencyScope): Promise<void> {
    // Most often the request failed because its connection was lost; the release must not fail for the same reason.
    await onceMoreIfConnectionLost(() =>
      this.db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', request.scope)
        .where('key', '=', request.key)
        .where('response_status', 'is', null)
        .execute(),
    );
  }

  async deleteExpired(now = Date.now()): Promise<number> {
    const result = await this.db
      .deleteFrom('idempotency_keys')
      .where('created_at_ms', '<', now - IDEMPOTENCY_TTL_MS)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
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
    return result.numUpdatedRows > 0n ? { kind: 'claimed' } : this.claim(request, now);
  }
}
