import { AnimalStoreError } from './animal-store-error.js';

/** The reason an attempt's signal carries when the time allowed for it ran out, so that it reads as a timeout. */
export class AttemptTimedOut extends Error {
  override readonly name = 'TimeoutError';

  constructor(readonly timeoutMs: number) {
    super(`No answer within ${timeoutMs / 1000} s.`);
  }
}

/**
 * Runs one attempt with a signal that aborts when the caller cancels or when `timeoutMs` passes, whichever comes
 * first; the attempt's fetch ends with it, its body included.
 */
export async function withAttemptSignal<T>(
  caller: AbortSignal | undefined,
  timeoutMs: number,
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new AttemptTimedOut(timeoutMs)), timeoutMs);
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
