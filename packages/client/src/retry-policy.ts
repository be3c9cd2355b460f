/**
 * How long the client waits before it repeats a call. The store's `Retry-After` is followed when it sends one
 * (429, 503, 409 in progress); otherwise the wait grows exponentially. Jitter spreads the repeats, so that clients
 * that were held back together do not come back together.
 */

const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 8_000;
const RETRY_AFTER_JITTER_MS = 1_000;

/** A whole number of milliseconds from 0 up to (not including) `maxMs`, at random. */
const jitterMs = (maxMs: number) => Math.floor(Math.random() * maxMs);

/** The wait before repeat number `retry` (1, 2, …) with no `Retry-After`: 0.5, 1, 2, 4, 8, 8… s, each plus up to half again. */
export function backoffMs(retry: number): number {
  const step = Math.min(BACKOFF_FIRST_MS * 2 ** (retry - 1), BACKOFF_MAX_MS);
  return step + jitterMs(step / 2);
}

/** The wait the store asked for, plus up to a second. */
export const afterRetryAfterMs = (retryAfter: number): number => retryAfter + jitterMs(RETRY_AFTER_JITTER_MS);

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its weekday ("Tue, 24 Nov 2026 07:00:30 GMT"); Date.parse alone would also take "-5".
  const date = /^[A-Za-z]{3}, /.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
