import { type Kysely, sql } from 'kysely';
import { storedInstant } from './stored-instant.js';

/** The columns of `api_keys` that hold an instant, each written by `storedInstant` from migration 007 on. */
const INSTANT_COLUMNS = [
  'created_at',
  'expires_at',
  'revoked_at',
  'rotated_at',
  'last_used_at',
  'deprecated_call_at',
] as const;

export interface KeyRow {
  id: number;
  name: string;
  scopes: string;
  created_at: string;
  expires_at: string | null;
  rotated_at: string | null;
  replaces_id: number | null;
}

const HOUR_MS = 60 * 60 * 1000;
/** The longest overlap a rotation could ever give the old key (the contract's limit since rotation exists). */
const MAX_OVERLAP_HOURS = 30 * 24;
/**
 * How long a rotation's transaction may have taken, between the instant it computed and the successor's
 * `created_at`: milliseconds usually, seconds on a loaded machine waiting for a connection.
 */
const ROTATION_SLACK_MS = 10_000;

const ms = (instant: string) => Date.parse(instant);

/**
 * Whether `successor` is what a rotation of `replaced` made, by what a rotation wrote before it left a mark
 * (migration 005) or a link (006): a key of the same name and scopes, created in the rotation's transaction, with
 * the old key's expiry moved to the rotation's instant plus a whole number of hours (the overlap), or kept when it
 * came sooner, in which case the successor was given the old key's lifetime from the rotation's instant on.
 */
function madeByRotation(replaced: KeyRow, successor: KeyRow): boolean {
  if (replaced.name !== successor.name || replaced.scopes !== successor.scopes) return false;
  const rotatedAt = ms(successor.created_at);
  if (replaced.rotated_at !== null) return Math.abs(rotatedAt - ms(replaced.rotated_at)) <= ROTATION_SLACK_MS;
  if (replaced.expires_at === null) return false;
  const untilExpiry = ms(replaced.expires_at) - rotatedAt;
  if (untilExpiry < -ROTATION_SLACK_MS || untilExpiry > MAX_OVERLAP_HOURS * HOUR_MS) return false;
  const overlapHours = Math.round(untilExpiry / HOUR_MS);
  const overlapMoved = untilExpiry - overlapHours * HOUR_MS;
  if (overlapMoved <= 0 && overlapMoved >= -ROTATION_SLACK_MS) return true;
  if (successor.expires_at === null) return false;
  const lifetimeGiven =
    ms(replaced.expires_at) - ms(replaced.created_at) - (ms(successor.expires_at) - rotatedAt);
  return lifetimeGiven >= 0 && lifetimeGiven <= ROTATION_SLACK_MS;
}

/**
 * The rotations stored without their mark or link: for each key that names no predecessor, the newest older key
 * that a rotation could have made it from and that no other key replaces. Keys in id order, so a chain of
 * rotations links each key to the one before it.
 */
export function unlinkedRotations(keys: readonly KeyRow[]): { replaced: KeyRow; successor: KeyRow }[] {
  const sorted = [...keys].sort((a, b) => a.id - b.id);
  const replaced = new Set(sorted.flatMap((key) => (key.replaces_id === null ? [] : [key.replaces_id])));
  const found: { replaced: KeyRow; successor: KeyRow }[] = [];
  for (const [index, successor] of sorted.entries()) {
    if (successor.replaces_id !== null) continue;
    const predecessor = sorted
      .slice(0, index)
      .reverse()
      .find((key) => !replaced.has(key.id) && madeByRotation(key, successor));
    if (!predecessor) continue;
    replaced.add(predecessor.id);
    found.push({ replaced: predecessor, successor });
  }
  return found;
}

/**
 * Migration 007: the forms earlier versions stored that the code now reads otherwise. A rotation made before
 * migrations 005 and 006 gets its mark (when the successor was made) and its link, so that the old key is not
 * rotated again; then every instant gets the stored form, so that SQL's text comparison and `Date.parse` agree
 * (a six-digit year, `+010000-…`, sorted before `2027-…`). The rotations are found first, on the instants as
 * written, which hold the lifetimes they compare.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on the untyped database (migrations.ts).
export async function normaliseOldKeyForms(db: Kysely<any>): Promise<void> {
  const rows = (await db.selectFrom('api_keys').selectAll().execute()) as (KeyRow &
    Record<(typeof INSTANT_COLUMNS)[number], string | null>)[];
  const keys = rows.map((row) => ({
    ...row,
    id: Number(row.id),
    replaces_id: row.replaces_id === null ? null : Number(row.replaces_id),
  }));
  for (const { replaced, successor } of unlinkedRotations(keys)) {
    if (replaced.rotated_at === null) {
      await db
        .updateTable('api_keys')
        .set({ rotated_at: successor.created_at })
        .where('id', '=', replaced.id)
        .execute();
    }
    await db
      .updateTable('api_keys')
      .set({ replaces_id: replaced.id })
      .where('id', '=', successor.id)
      .execute();
  }
  for (const column of INSTANT_COLUMNS) {
    const written = await db
      .selectFrom('api_keys')
      .select(['id', sql.ref(column).as('instant')])
      .where(column, 'is not', null)
      .execute();
    for (const { id, instant } of written as { id: number; instant: string }[]) {
      if (Number.isNaN(Date.parse(instant)) || storedInstant(instant) === instant) continue;
      await db
        .updateTable('api_keys')
        .set({ [column]: storedInstant(instant) })
        .where('id', '=', id)
        .execute();
    }
  }
}
