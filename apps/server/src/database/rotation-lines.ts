import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from './schema.js';

/**
 * The namespace of a key's state (its Idempotency-Key records, its rate-limit counters): a prefix of its digest,
 * unique to the key across every database. Defined here, below the keys, because migration 012 moves records
 * between namespaces.
 */
export const keyNamespace = (keyHash: string): string => keyHash.slice(0, 24);

/**
 * The digest of the first key of a key's rotation line: the key its `replaces_id` links lead back to (the earliest
 * one still stored, should a link ever point nowhere). A key made anew is the first of its own line. Links point
 * to older keys only, which the walk insists on, so that no hand-edited link can make it loop.
 */
export async function firstKeyOfLine(db: Kysely<DatabaseSchema>, id: number): Promise<string | undefined> {
  const first = await db
    .withRecursive('line(id, key_hash, replaces_id)', (start) =>
      start
        .selectFrom('api_keys')
        .select(['id', 'key_hash', 'replaces_id'])
        .where('id', '=', id)
        .unionAll((next) =>
          next
            .selectFrom('api_keys')
            .innerJoin('line', 'line.replaces_id', 'api_keys.id')
            .select(['api_keys.id', 'api_keys.key_hash', 'api_keys.replaces_id'])
            .whereRef('api_keys.id', '<', 'line.id'),
        ),
    )
    .selectFrom('line')
    .select('key_hash')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return first?.key_hash;
}

/**
 * Migration 012: Idempotency-Key records are kept under the namespace of the key's rotation line, no longer of the
 * key, so that a successor replays what its predecessors were answered. The records earlier releases wrote under
 * a successor's own namespace move to its line's. Where the line holds two records of one Idempotency-Key (a
 * request its predecessor made, then made again by the successor before this release), the later is kept: it is
 * the one the line's newest key was answered.
 */
export async function scopeRecordsByRotationLine(db: Kysely<DatabaseSchema>): Promise<void> {
  const successors = await db
    .selectFrom('api_keys')
    .select(['id', 'key_hash'])
    .where('replaces_id', 'is not', null)
    .orderBy('id')
    .execute();
  for (const successor of successors) {
    const first = await firstKeyOfLine(db, Number(successor.id));
    if (first === undefined) continue;
    await moveRecords(db, keyNamespace(successor.key_hash), keyNamespace(first));
  }
}

async function moveRecords(db: Kysely<DatabaseSchema>, from: string, to: string): Promise<void> {
  if (from === to) return;
  const laterIn = (scope: string, orAsOld: boolean) =>
    sql<boolean>`exists (select 1 from idempotency_keys later where later.scope = ${scope}
      and later.key = idempotency_keys.key
      and later.created_at_ms ${orAsOld ? sql`>=` : sql`>`} idempotency_keys.created_at_ms)`;
  // Of two records of one request, the later stays; on a tie, the one already in the line's namespace.
  await db.deleteFrom('idempotency_keys').where('scope', '=', from).where(laterIn(to, true)).execute();
  await db.deleteFrom('idempotency_keys').where('scope', '=', to).where(laterIn(from, false)).execute();
  await db.updateTable('idempotency_keys').set({ scope: to }).where('scope', '=', from).execute();
}
