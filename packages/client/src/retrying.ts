import { AnimalStoreError } from './animal-store-error.js';
import { pause, withAttemptSignal } from './call-signal.js';
import type { RetrySettings } from './options.js';
import { afterRetryAfterMs, backoffMs } from './retry-policy.js';

/** What a call allows beyond the retries every call gets (429 and 503: the store did not act on the request). */
export interface CallRules {
  /**
   * Whether the call may be sent again after no answer (refused connection, timeout): a read, or a write the store
   * recognises when it comes again (a create with its Idempotency-Key, a revocation).
   */
  repeatableWithoutAnswer: boolean;
  /** Whether 409 `idempotency_request_in_progress` means "wait": the first attempt of this create still runs. */
  waitsWhileInProgress?: boolean;
  signal?: AbortSignal | undefined;
}

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
    const timeoutMs = Math.max(1, Math.min(settings.timeoutMs, settings.deadlineMs - elapsedMs()));
    try {
      return await withAttemptSignal(rules.signal, timeoutMs, send);
    } catch (error) {
      if (!(error instanceof AnimalStoreError)) throw error;
      const delayMs =
        attempt < settings.attempts && !rules.signal?.aborted ? waitBefore(error, attempt, rules) : undefined;
      if (delayMs === undefined || elapsedMs() + delayMs > settings.deadlineMs) throw error;
      settings.onRetry?.({ attempt, delayMs, error });
      await pause(delayMs, rules.signal);
    }
  }
}

/** How long to wait before repeating a call that failed with `failure`; undefined when it must not be repeated. */
function waitBefore(failure: AnimalStoreError, attempt: number, rules: CallRules): number | undefined {
  if (!mayRepeat(failure, rules)) return undefined;
  return failure.retryAfterMs === undefined ? backoffMs(attempt) : afterRetryAfterMs(failure.retryAfterMs);
}

function mayRepeat(failure: AnimalStoreError, rules: CallRules): boolean {
  if (failure.status === 429 || failure.status === 503) return true;
  if (failure.code === 'idempotency_request_in_progress') return rules.waitsWhileInProgress === true;
  return failure.status === 0 && rules.repeatableWithoutAnswer;
}
