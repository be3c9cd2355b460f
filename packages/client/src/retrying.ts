import { AnimalStoreError } from './animal-store-error.js';
import { pause, withAttemptSignal } from './call-signal.js';
import type { OperationRules } from './operation-rules.js';
import type { RetrySettings } from './options.js';
import { afterRetryAfterMs, backoffMs } from './retry-policy.js';

type CallRules = Pick<OperationRules, 'repeatableWithoutAnswer' | 'waitsWhileInProgress'> & {
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
  if (failure.code === 'idempotency_request_in_progress') return rules.waitsWhileInProgress;
  return failure.status === 0 && rules.repeatableWithoutAnswer;
}
