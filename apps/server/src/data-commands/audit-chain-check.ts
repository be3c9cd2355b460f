import { AUDIT_GENESIS_HASH } from '@animal-store/contract';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../database/schema.js';
import { auditHashOf } from '../store/audit-chain.js';
import { auditChainHead, auditEventsInOrder } from '../store/audit-events-in-order.js';

const NAME = 'the audit log hash chain verifies';

/**
 * Recomputes every event's hash, oldest first, and follows each event's previous hash back to the one before it,
 * from the chain's start (zeros, or the hash of the last event retention removed) to the head, which names the
 * newest event. The first event that breaks the chain is named: one changed no longer has its hash, one after a
 * removed or reordered event no longer chains to the event before it, and a removed newest event leaves the head
 * naming one that is not there.
 */
export async function checkAuditChain(
  db: Kysely<DatabaseSchema>,
): Promise<{ name: string; problem?: string }> {
  const head = await auditChainHead(db);
  let expected = head?.startHash ?? AUDIT_GENESIS_HASH;
  let lastId = 0;
  let count = 0;
  for await (const event of auditEventsInOrder(db)) {
    if (event.previousHash !== expected) {
      return {
        name: NAME,
        problem: `event ${event.id} does not follow the event before it (${lastId === 0 ? 'the chain start' : `event ${lastId}`}): an event was removed, reordered or changed there`,
      };
    }
    if (auditHashOf(event) !== event.hash) {
      return { name: NAME, problem: `event ${event.id} was changed: its hash does not match what it says` };
    }
    expected = event.hash;
    lastId = event.id;
    count++;
  }
  if (head && (head.lastHash !== expected || (count > 0 && head.lastEventId !== lastId))) {
    return {
      name: NAME,
      problem: `the newest is ${lastId === 0 ? 'no event' : `event ${lastId}`}, but the chain's head names event ${head.lastEventId}: events after it were removed or changed`,
    };
  }
  return { name: NAME };
}
