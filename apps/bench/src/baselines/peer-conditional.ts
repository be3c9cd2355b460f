import { createHash } from 'node:crypto';

/**
 * The store's conditional answers of the catalogue (its api/conditional-answers.ts), as the peers compute them for
 * each request: a server without the store's kept answers serialises the body, then tags it. listPets' and getPet's
 * 200s carry the tag and this Cache-Control; every other answer keeps `no-store`.
 */
export const CATALOGUE_CACHE_CONTROL = 'private, no-cache';

/** The store's strong tag: a SHA-1 digest of the body as sent, so that the same bytes have the same tag anywhere. */
export const etagOf = (json: string) => `"${createHash('sha1').update(json).digest('base64url')}"`;

/** Whether `If-None-Match` names `etag`, read as the store reads it: `*`, a list, weak comparison (RFC 9110 §13.1.2). */
export function namesTag(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (typeof ifNoneMatch !== 'string') return false;
  if (ifNoneMatch === etag || ifNoneMatch === '*') return true;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}
