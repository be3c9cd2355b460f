import { AnimalStoreError } from './animal-store-error.js';

/**
 * The time one attempt may take: its own timeout, or what is left of the call's deadline when that is shorter. It
 * names the limit it came from, so that a cut attempt reports the limit the caller set rather than a remainder.
 */
export interface AttemptLimit {
  ms: number;
  /** The setting it comes from, as the caller gave it: `timeoutMs`, or `retry.deadlineMs` when what is left is less. */
  set: { by: 'timeout' | 'deadline'; ms: number };
}

/** The reason an attempt's signal carries when the time allowed for it ran out, so that it reads as a timeout. */
export class AttemptTimedOut extends Error {
  override readonly name = 'TimeoutError';

  constructor(readonly limit: AttemptLimit) {
    super(
      limit.set.by === 'timeout'
        ? `No answer within ${limit.set.ms / 1000} s.`
        : `No answer within the call's deadline of ${limit.set.ms / 1000} s.`,
    );
  }
}

/**
 * Runs one attempt with a signal that aborts when the caller cancels or when `limit` passes, whichever comes
 * first; the attempt's fetch ends with it, its body included.
 */
export async function withAttemptSignal<T>(
  caller: AbortSignal | undefined,
  limit: AttemptLimit,
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new AttemptTimedOut(limit)), limit.ms);
  const cancel = () => controller.abort(caller?.reason);
  if (caller?.aborted) cancel();
  caller?.addEventListener('abort', cancel, { once: true });
  try {
    return await attempt(controller.signal);
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', cancel);
  }
}

/** The error of a call its caller cancelled: no answer, and none is awaited any more. */
export const cancelledCall = (signal: AbortSignal): AnimalStoreError =>
  new AnimalStoreError({
    code: 'unreachable',
    status: 0,
    message: 'The call was cancelled.',
    cause: signal.reason,
  });

/** Waits `ms`, or rejects with the cancelled call's error as soon as `signal` aborts. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledCall(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', cancel);
      resolve();
    }, ms);
    const cancel = () => {
      clearTimeout(timer);
      if (signal) reject(cancelledCall(signal));
    };
    signal?.addEventListener('abort', cancel, { once: true });
  });
}
