import { AnimalStoreError, withMessageAdded } from './animal-store-error.js';
import { type AttemptLimit, pause, withAttemptSignal } from './call-signal.js';
import type { OperationRules } from './operation-rules.js';
import type { RetrySettings } from './options.js';
import { afterRetryAfterMs, backoffMs } from './retry-policy.js';

type CallRules = Pick<OperationRules, 'repeatableWhenUnsure' | 'whenUnsure' | 'waitsWhileInProgress'> & {
  signal: AbortSignal | undefined;
};

/**
 * Sends a call until it succeeds or may not be repeated: at most `attempts` times, within the deadline. A wait
 * that would end past the deadline is not begun; the last failure is thrown instead.
 */
export async function withRetries<T>(
  settings: RetrySettings,
  rules: CallRules,
  send: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const startedAt = Date.now();
  const elapsedMs = () => Date.now() - startedAt;
  for (let attempt = 1; ; attempt++) {
    try {
      return await withAttemptSignal(rules.signal, attemptLimit(settings, elapsedMs()), send);
    } catch (error) {
      if (!(error instanceof AnimalStoreError)) throw error;
      const delayMs =
        attempt < settings.attempts && !rules.signal?.aborted ? waitBefore(error, attempt, rules) : undefined;
      if (delayMs === undefined || elapsedMs() + delayMs > settings.deadlineMs) throw told(error, rules);
      settings.onRetry?.({ attempt, delayMs, error });
      await pause(delayMs, rules.signal);
    }
  }
}

/** The time the next attempt may take, `elapsedMs` into the call. */
export function attemptLimit(settings: RetrySettings, elapsedMs: number): AttemptLimit {
  const leftMs = Math.max(1, settings.deadlineMs - elapsedMs);
  return settings.timeoutMs <= leftMs
    ? { ms: settings.timeoutMs, set: { by: 'timeout', ms: settings.timeoutMs } }
    : { ms: leftMs, set: { by: 'deadline', ms: settings.deadlineMs } };
}

/** How long to wait before repeating a call that failed with `failure`; undefined when it must not be repeated. */
function waitBefore(failure: AnimalStoreError, attempt: number, rules: CallRules): number | undefined {
  if (!mayRepeat(failure, rules)) return undefined;
  return failure.retryAfterMs === undefined ? backoffMs(attempt) : afterRetryAfterMs(failure.retryAfterMs);
}

function mayRepeat(failure: AnimalStoreError, rules: CallRules): boolean {
  // The rate limit refuses a call before any handler runs; a 503 may come after a write committed.
  if (failure.status === 429) return true;
  if (failure.code === 'idempotency_request_in_progress') return rules.waitsWhileInProgress;
  return mayHaveActed(failure) && rules.repeatableWhenUnsure;
}

/** No answer, or a 503: the store may have done what was asked before the failure. */
const mayHaveActed = (failure: AnimalStoreError) => failure.status === 0 || failure.status === 503;

/** The failure a call ends with, telling what to check when the store may have acted on a call it will not repeat. */
function told(failure: AnimalStoreError, rules: CallRules): AnimalStoreError {
  if (rules.whenUnsure === undefined || !mayHaveActed(failure)) return failure;
  return withMessageAdded(failure, rules.whenUnsure);
}
