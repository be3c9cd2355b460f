import type { DatabaseConfig } from '../config/config.js';

/**
 * Which ids are settled: every animal that will ever hold an id up to it is committed, and every id up to it that no
 * animal will hold is abandoned. No operation changes or deletes an animal, so a page whose ids are all settled
 * reads the same for ever (decision 076). Times are a monotonic clock's milliseconds (`performance.now()`).
 */
export interface SettledIds {
  /** Told that an answer holding `id` arrived at `at`: every id up to `id` had been drawn by then. */
  observe(id: number, at: number): void;
  /** Whether every id up to `id` was settled by `at`. */
  settledBy(id: number, at: number): boolean;
}

/**
 * SQLite: one writer at a time, which draws its ids and commits them under the database's write lock, so an id is
 * read only once every smaller one is committed or abandoned.
 */
export const settledOnRead: SettledIds = {
  observe: () => undefined,
  settledBy: () => true,
};

/** Never settled: where no bound on a create's life is known (PostgreSQL behind PgBouncer). */
export const neverSettled: SettledIds = {
  observe: () => undefined,
  settledBy: () => false,
};

/** Observations kept at most this many times within one bound: a lag of a sixteenth of it before pages settle. */
const OBSERVATIONS_PER_BOUND = 16;

/**
 * PostgreSQL: a transaction may draw a smaller id and commit after a larger one, but no create lives longer than
 * `boundMs` from drawing its id to its end (`createLifetimeBoundMs`). So once `boundMs` has passed since an
 * answer holding `id` arrived, every id up to `id` is settled.
 *
 * Keeps a few observations, oldest first, ids and times both rising. A judgement about a moment more than the bound
 * ago is refused, so observations older than twice the bound can be folded into `settled` for every judgement still
 * given. An observation too soon after the last is dropped: knowing less only settles later.
 */
export function settledAfterBound(boundMs: number, now: () => number): SettledIds {
  const spacingMs = boundMs / OBSERVATIONS_PER_BOUND;
  const observations: { id: number; at: number }[] = [];
  let settled = 0;
  return {
    observe(id, at) {
      const last = observations.at(-1);
      if (id <= (last?.id ?? settled)) return;
      if (last && at - last.at < spacingMs) return;
      observations.push({ id, at });
    },
    settledBy(id, at) {
      const current = now();
      if (at < current - boundMs) return false;
      let first = observations[0];
      while (first && first.at <= current - 2 * boundMs) {
        settled = first.id;
        observations.shift();
        first = observations[0];
      }
      if (id <= settled) return true;
      for (const observation of observations) {
        if (observation.at > at - boundMs) break;
        if (observation.id >= id) return true;
      }
      return false;
    },
  };
}

/**
 * Statements a create may run from the one that draws its id to its end, COMMIT included: the insert, the
 * Idempotency-Keys' completion (one statement for a whole group, pet-creation.ts), the deletion of the animals whose
 * claim a retry took over, COMMIT. A new statement in a create's transaction raises it.
 */
export const STATEMENTS_FROM_ID_TO_COMMIT = 4;

/**
 * How long a create may live on PostgreSQL after drawing its id: the server cuts each statement at the query bound
 * (`statement_timeout`) and each wait between two of a transaction's statements at the same bound
 * (`idle_in_transaction_session_timeout`, database/database.ts), so at most four statements and three waits, 7 ×
 * the bound; one bound more covers a COMMIT whose flush has begun, which cannot be cancelled.
 */
export function createLifetimeBoundMs(queryTimeoutMs: number): number {
  return 2 * STATEMENTS_FROM_ID_TO_COMMIT * queryTimeoutMs;
}

/** The rule for the configured database; behind PgBouncer the server does not bound statements (decision 017). */
export function settledIdsOf(config: DatabaseConfig, now: () => number): SettledIds {
  if (config.kind === 'sqlite') return settledOnRead;
  if (config.pgbouncer) return neverSettled;
  return settledAfterBound(createLifetimeBoundMs(config.queryTimeoutMs), now);
}
