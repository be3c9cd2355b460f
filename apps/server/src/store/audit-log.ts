import type { AuditAction, AuditEvent } from '@animal-store/contract';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../database/schema.js';
import { storedInstant } from '../database/stored-instant.js';
import { type AuditContext, type AuditFact, appendAuditEvent, toAuditEvent } from './audit-chain.js';

/** Told of each event once its transaction has committed: the metric counts them. */
export type AuditListener = (event: AuditEvent) => void;

export interface AuditFilter {
  limit: number;
  /** Events older than this id only: the cursor of a newest-first listing. */
  beforeId?: number | undefined;
  /** A stored key's id as text, or `env-N`: events acting on it, made by it, or a rotation making it. */
  keyId?: string | undefined;
  action?: AuditAction | undefined;
  since?: string | undefined;
  until?: string | undefined;
}

/** The caller a change names when none is given: code of the server's own, such as a test's setup. */
export const SERVER_ITSELF: AuditContext = {
  actor: { type: 'operator', keyId: null, name: 'server' },
  requestId: null,
  clientAddress: null,
  userAgent: null,
};

/** The store's audit log: each key operation's event, written in the operation's own transaction. */
export class AuditLog {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly onRecorded: AuditListener = () => {},
  ) {}

  /**
   * Runs `change` in a transaction and appends the event `factOf` makes of its result in the same one, so that the
   * change and its event commit together or not at all; the listener hears of it after the commit. A result with
   * no fact changed nothing a caller asked for (a revoked key revoked again, a start-up finding its first key made
   * already), and leaves no event.
   */
  async change<T>(
    context: AuditContext,
    change: (transaction: Kysely<DatabaseSchema>) => Promise<T>,
    factOf: (result: T) => AuditFact | undefined,
  ): Promise<T> {
    const { result, event } = await this.db.transaction().execute(async (transaction) => {
      const result = await change(transaction);
      const fact = factOf(result);
      return { result, event: fact && (await appendAuditEvent(transaction, context, fact)) };
    });
    if (event) this.onRecorded(event);
    return result;
  }

  /** Records an operation refused before it reached its handler: a key without the scope it needs. */
  async record(context: AuditContext, fact: AuditFact): Promise<AuditEvent> {
    const event = await this.db
      .transaction()
      .execute((transaction) => appendAuditEvent(transaction, context, fact));
    this.onRecorded(event);
    return event;
  }

  /**
   * A page of events, newest first, and whether older ones follow. A key's events are three indexed reads (as
   * target, as successor, as actor), merged: one `or` would let the database walk the whole table by id instead.
   */
  async list(filter: AuditFilter): Promise<{ events: AuditEvent[]; hasMore: boolean }> {
    const { keyId, limit } = filter;
    const byKey: { column: 'key_id' | 'successor_id' | 'actor_key_id'; value: number | string }[] =
      keyId === undefined
        ? []
        : keyId.startsWith('env-')
          ? [{ column: 'actor_key_id', value: keyId }]
          : [
              { column: 'key_id', value: Number(keyId) },
              { column: 'successor_id', value: Number(keyId) },
              { column: 'actor_key_id', value: keyId },
            ];
    const page = (where?: (typeof byKey)[number]) => {
      let query = this.db
        .selectFrom('audit_events')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit + 1);
      if (where) query = query.where(where.column, '=', where.value as never);
      if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
      if (filter.action !== undefined) query = query.where('action', '=', filter.action);
      if (filter.since !== undefined) query = query.where('at', '>=', storedInstant(filter.since));
      if (filter.until !== undefined) query = query.where('at', '<', storedInstant(filter.until));
      return query.execute();
    };
    const rows = byKey.length === 0 ? await page() : (await Promise.all(byKey.map(page))).flat();
    const unique = new Map(rows.map((row) => [Number(row.id), row]));
    const newestFirst = [...unique.values()].sort((a, b) => Number(b.id) - Number(a.id));
    return { events: newestFirst.slice(0, limit).map(toAuditEvent), hasMore: newestFirst.length > limit };
  }

  /**
   * Removes the events older than `before`, the oldest first, and keeps the hash of the last one removed as the
   * chain's start, so that what remains still verifies. Under the head's lock, so that no event is appended
   * meanwhile; returns how many were removed.
   */
  async prune(before: string | number): Promise<number> {
    const cutoff = storedInstant(before);
    return this.db.transaction().execute(async (transaction) => {
      const head = await transaction
        .updateTable('audit_chain')
        .set((eb) => ({ last_event_id: eb.ref('last_event_id') }))
        .where('id', '=', 1)
        .returning('last_event_id')
        .executeTakeFirst();
      if (!head) return 0;
      const last = await transaction
        .selectFrom('audit_events')
        .select(['id', 'hash'])
        .where('at', '<', cutoff)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!last) return 0;
      const removed = await transaction
        .deleteFrom('audit_events')
        .where('id', '<=', last.id)
        .executeTakeFirst();
      await transaction
        .updateTable('audit_chain')
        .set({ start_hash: last.hash })
        .where('id', '=', 1)
        .execute();
      return Number(removed.numDeletedRows);
    });
  }
}
