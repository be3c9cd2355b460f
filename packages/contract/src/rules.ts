/**
 * The rules of the API that are not a schema: its base path, its size limits, the Idempotency-Key window and the
 * deprecation dates. Server, admin app, CLI and docs import them here rather than restate them; a message that
 * states a rule builds its words from the constant.
 */

/** The path of the API's base address: the contract's paths are relative to it. */
export const API_BASE_PATH = '/v1';

/** The largest request body the store reads; a larger one is answered 413 `payload_too_large`. */
export const MAX_BODY_BYTES = 16 * 1024;

/** The largest request head (request line and headers) the store reads; a larger one is answered 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** How long the first response for an Idempotency-Key is kept and replayed to a retry. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** When getPet was first served deprecated (RFC 9745 wants a date): the first release of this store. */
export const GET_PET_DEPRECATED_SINCE = new Date('2026-11-22T00:00:00Z');

/** The date from which getPet is gone; announced in the `Sunset` header of every getPet response. */
export const GET_PET_SUNSET = new Date('2030-12-05T00:00:00Z');

/** A size in the words messages and docs use, e.g. `16 KiB`. */
export const inKiB = (bytes: number): string => `${bytes / 1024} KiB`;

/** A day in the words messages and docs use, e.g. `5 December 2030`. */
export const dayInWords = (date: Date): string =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The furthest ahead a key's `expiresAt` may be: a key that must live longer is rotated. */
export const MAX_API_KEY_LIFETIME_DAYS = 730;

/**
 * An expiry as a person types it: a date alone (`2027-01-31`) reads as "valid through that day", so it means the
 * day's last second in UTC; anything else is returned as typed, for the schema to judge.
 */
export const expiryAsTyped = (text: string): string =>
  /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text) ? `${text}T23:59:59Z` : text;

/** How long a rotated key keeps working beside its successor when the caller names no overlap. */
export const DEFAULT_ROTATION_OVERLAP_HOURS = 24;

/**
 * How long a key with `keys:manage` must go on working to count as the one a revocation leaves: one expiring sooner
 * is about to stop, as a rotated key in its overlap is. A day is the default overlap, so a key expiring within it is
 * treated as a default rotation's old key is; and it gives whoever holds the last such key a working day to make the
 * next one before the store is locked out of its key management.
 */
export const LASTING_MANAGER_HOURS = 24;

/** The longest overlap a rotation may give the old key. */
export const MAX_ROTATION_OVERLAP_HOURS = 30 * 24;

/** The longest name an API key may have. */
export const API_KEY_NAME_MAX_LENGTH = 100;

/**
 * The highest `rateLimitPerMinute` a key may be given in any store; the operator's `KEY_RATE_LIMIT_MAX_PER_MINUTE`
 * setting may set a lower one.
 */
export const MAX_KEY_RATE_LIMIT_PER_MINUTE = 1_000_000;

/** The most network ranges a key's `allowedNetworks` may hold. */
export const MAX_ALLOWED_NETWORKS = 50;

/** How long a key's hourly usage counts are kept; older hours are pruned. */
export const KEY_USAGE_RETENTION_DAYS = 90;

/** How often an instance writes the usage it counted in memory: the most a SIGKILL can lose. */
export const USAGE_WRITE_INTERVAL_SECONDS = 60;
