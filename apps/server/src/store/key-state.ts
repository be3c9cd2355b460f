import type { ApiKey } from '@animal-store/contract';
import type { ExpressionBuilder } from 'kysely';
import type { DatabaseSchema } from '../database/schema.js';

/**
 * Whether a key is accepted at `now` (`active`), and if not, why: it was `revoked`, or it is past its expiry.
 * Compared as instants: as text, a year written with six digits (`+010000-…`) would sort before `2027-…`.
 */
export function keyState(
  key: { revokedAt: string | null; expiresAt: string | null },
  now: string,
): ApiKey['state'] {
  if (key.revokedAt !== null) return 'revoked';
  return key.expiresAt === null || Date.parse(key.expiresAt) > Date.parse(now) ? 'active' : 'expired';
}

/**
 * `keyState(key, now) === 'active'`, as a condition on stored rows. Compared as text, which is time order for what
 * the store writes: every instant in `storedInstant`'s form, whose year has four digits (migration 007 rewrote
 * the six-digit years earlier versions wrote).
 */
export const activeAt = (now: string) => (eb: ExpressionBuilder<DatabaseSchema, 'api_keys'>) =>
  eb.and([eb('revoked_at', 'is', null), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])]);
