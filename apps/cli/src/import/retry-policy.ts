/**
 * How long the importer waits before resending a row. The server's `Retry-After` is followed when it sends one
 * (429, 503, 409 in progress); connection errors and timeouts back off exponentially. Jitter spreads the resent
 * requests, so that workers (or several importers) that were held together do not arrive together again.
 */

/** Attempts of one row against connection errors, timeouts, 503 and 409-in-progress before it counts as failed. */
export const TRANSIENT_ATTEMPTS = 5;

/**
 * Rate-limit waits of one row before it counts as failed. A window always resets, so a row refused this often in
 * a row means another client keeps using the key's whole budget.
 */
export const RATE_LIMIT_WAITS = 10;

const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 8_000;
const JITTER_MAX_MS = 1_000;

/** Up to a second added to a wait, at random. */
export const jitterMs = () => Math.floor(Math.random() * JITTER_MAX_MS);

/** The wait before retry number `retry` (1, 2, ...): 1, 2, 4, 8, 8 ... seconds, each plus jitter. */
export function backoffMs(retry: number): number {
  return Math.min(BACKOFF_FIRST_MS * 2 ** (retry - 1), BACKOFF_MAX_MS) + jitterMs();
}

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its weekday ("Tue, 24 Nov 2026 07:00:30 GMT"); Date.parse alone would also take "-5".
  const date = /^[A-Za-z]{3}, /.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export const inSeconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;
