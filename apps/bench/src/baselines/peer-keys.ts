import { hash } from 'node:crypto';
import type { StoreQueries } from './store-queries.js';

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

/** As long as the store trusts a verified key before asking the database again (its keys/key-verifier.ts). */
const VERIFIED_KEY_TTL_MS = 10_000;

/** Bounds the cache, as the store's does: past it, keys are simply looked up again. */
const MAX_CACHED_KEYS = 10_000;

/**
 * The peers' authentication, as a careful team writes it and as the store does: the bearer key's SHA-256 digest is
 * looked up in the keys table, and the verdict (a key id, or none) is kept for 10 s, never past the key's expiry.
 * Resolves to the key's id, or undefined when the key is missing, unknown, revoked or expired.
 */
export function bearerKeyCheck(
  findApiKey: StoreQueries['findApiKey'],
): (authorization: string | undefined) => Promise<string | undefined> {
  const verdicts = new Map<string, { keyId: string | undefined; until: number }>();
  return async (authorization) => {
    const key = BEARER.exec(authorization ?? '')?.[1];
    if (key === undefined) return undefined;
    const digest = hash('sha256', key, 'hex');
    const now = Date.now();
    const cached = verdicts.get(digest);
    if (cached && cached.until > now) return cached.keyId;
    const row = await findApiKey(digest);
    const active =
      row !== undefined &&
      row.revoked_at === null &&
      (row.expires_at === null || Date.parse(row.expires_at) > now);
    const until = Math.min(
      now + VERIFIED_KEY_TTL_MS,
      active && row.expires_at !== null ? Date.parse(row.expires_at) : Number.POSITIVE_INFINITY,
    );
    if (verdicts.size >= MAX_CACHED_KEYS) verdicts.clear();
    const keyId = active ? String(row.id) : undefined;
    verdicts.set(digest, { keyId, until });
    return keyId;
  };
}
