import { FIELD_MESSAGES } from './messages.js';
import { MAX_API_KEY_LIFETIME_DAYS } from './rules.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What is wrong with a key's `expiresAt` at `now`, by the two rules a schema cannot hold: it lies ahead, and at most
 * MAX_API_KEY_LIFETIME_DAYS ahead. Instants are compared as instants, never as text (`+010000-01-01T00:00:00Z` sorts
 * before `2027` as text). The store's API, its `keys create` command and the admin app judge by this one rule.
 */
export function expiryProblem(expiresAt: string | Date, now: Date = new Date()): string | undefined {
  const at = new Date(expiresAt).getTime();
  if (Number.isNaN(at)) return FIELD_MESSAGES.notDateTime;
  if (at <= now.getTime()) return FIELD_MESSAGES.expiryNotFuture;
  if (at > now.getTime() + MAX_API_KEY_LIFETIME_DAYS * DAY_MS) return FIELD_MESSAGES.expiryTooFar;
  return undefined;
}
