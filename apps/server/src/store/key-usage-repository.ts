import type { ApiKeyUsageHour } from '@animal-store/contract';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../database/schema.js';
import { storedInstant } from '../database/stored-instant.js';

/** The four kinds of answer a key's requests are counted by. */
export const USAGE_KINDS = ['answered', 'refused', 'limited', 'failed'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];
export type UsageCounts = Record<UsageKind, number>;

/** What one worker counted of one key in one hour since its last write. */
export interface CountedHour extends UsageCounts {
  keyId: number;
  /** The hour's start, as milliseconds since 1970. */
  hourMs: number;
}

export const HOUR_MS = 60 * 60 * 1000;

/** Rows a write sends in one statement: far within both databases' limits on parameters (6 a row). */
const ROWS_PER_STATEMENT = 500;

/** A key's requests by hour and kind of answer: added to by every worker, read by getApiKeyUsage, pruned by age. */
export class KeyUsageRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Adds a worker's counts to what the table holds: each worker writes its own, so that a write adds to the row
   * rather than replacing it, and two workers writing one row at once both count (one statement each).
   */
  async add(hours: readonly CountedHour[]): Promise<void> {
    for (let start = 0; start < hours.length; start += ROWS_PER_STATEMENT) {
      const rows = hours.slice(start, start + ROWS_PER_STATEMENT).map(({ keyId, hourMs, ...counts }) => ({
        key_id: keyId,
        hour: storedInstant(hourMs),
        ...counts,
      }));
      await this.db
        .insertInto('api_key_usage')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['key_id', 'hour']).doUpdateSet((eb) => ({
            answered: eb('api_key_usage.answered', '+', eb.ref('excluded.answered')),
            refused: eb('api_key_usage.refused', '+', eb.ref('excluded.refused')),
            limited: eb('api_key_usage.limited', '+', eb.ref('excluded.limited')),
            failed: eb('api_key_usage.failed', '+', eb.ref('excluded.failed')),
          })),
        )
        .execute();
    }
  }

  /** The key's counts for every hour from `sinceMs` (an hour's start) up to `untilMs` (excluded), zeros included. */
  async hoursOf(keyId: number, sinceMs: number, untilMs: number): Promise<ApiKeyUsageHour[]> {
    const rows = await this.db
      .selectFrom('api_key_usage')
      .select(['hour', 'answered', 'refused', 'limited', 'failed'])
      .where('key_id', '=', keyId)
      .where('hour', '>=', storedInstant(sinceMs))
      .where('hour', '<', storedInstant(untilMs))
      .execute();
    const byHour = new Map(rows.map((row) => [row.hour, row]));
    const hours: ApiKeyUsageHour[] = [];
    for (let hourMs = sinceMs; hourMs < untilMs; hourMs += HOUR_MS) {
      const hour = storedInstant(hourMs);
      const row = byHour.get(hour);
      hours.push({
        hour,
        answered: Number(row?.answered ?? 0),
        refused: Number(row?.refused ?? 0),
        limited: Number(row?.limited ?? 0),
        failed: Number(row?.failed ?? 0),
      });
    }
    return hours;
  }

  /** Deletes every hour that began before `before`; returns how many rows went. */
  async prune(before: string | number): Promise<number> {
    const removed = await this.db
      .deleteFrom('api_key_usage')
      .where('hour', '<', storedInstant(before))
      .executeTakeFirst();
    return Number(removed.numDeletedRows);
  }
}
