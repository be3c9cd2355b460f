import type { AuditEvent } from '@animal-store/contract';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../database/schema.js';
import { toAuditEvent } from './audit-chain.js';

/** Events read a batch at a time: a million of them never sit in memory at once. */
const BATCH = 5000;

/** Every audit event, oldest first, read by id a batch at a time after the last one read. */
export async function* auditEventsInOrder(db: Kysely<DatabaseSchema>): AsyncGenerator<AuditEvent> {
  let afterId = 0;
  for (;;) {
    const rows = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) yield toAuditEvent(row);
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    afterId = Number(last.id);
  }
}

/** The chain's head: where the oldest kept event must start, and what the newest must end on. */
export async function auditChainHead(
  db: Kysely<DatabaseSchema>,
): Promise<{ lastEventId: number; lastHash: string; startHash: string } | undefined> {
  const row = await db.selectFrom('audit_chain').selectAll().where('id', '=', 1).executeTakeFirst();
  return (
    row && { lastEventId: Number(row.last_event_id), lastHash: row.last_hash, startHash: row.start_hash }
  );
}
