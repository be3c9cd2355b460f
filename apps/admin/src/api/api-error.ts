import { AnimalStoreError } from '@animal-store/client';
import type { ApiError } from '@animal-store/contract';

/**
 * What went wrong with a call, sorted by what the admin can do about it. The words shown for each kind are in
 * failure-words.ts; nothing here is meant for the screen as it is.
 */
export type CallFailure =
  /** The key was refused: the session ends. */
  | { kind: 'unauthorized' }
  /** The store asks to wait (429, 503, or 409 for an add still in progress); seconds from its Retry-After. */
  | { kind: 'busy'; limited: boolean; retryAfterSeconds: number | undefined }
  /** No answer at all: the store is down, the address is wrong or the network is gone. */
  | { kind: 'unreachable' }
  /** The store refused the request and said why (a 400 names the fields, a 403 the scope the key lacks). */
  | { kind: 'refused'; body: ApiError }
  /** An answer this app cannot read: a proxy's error page, or a store on another version of the contract. */
  | { kind: 'unexpected' };

/** A failure the screen itself reports: any but a refused key. */
export type ShownFailure = Exclude<CallFailure, { kind: 'unauthorized' }>;

/**
 * What a screen shows for a call's error: nothing while there is none, and nothing for a refused key, whose 401
 * ends the session instead (see query-client.ts).
 */
export function shownFailure(error: unknown): ShownFailure | undefined {
  if (!error) return undefined;
  const failure = describeFailure(error);
  return failure.kind === 'unauthorized' ? undefined : failure;
}

/**
 * The client rejects every call with an AnimalStoreError, once its own retries are spent; anything else thrown
 * on the way is a fault of this app, which the admin can only report.
 */
export function describeFailure(error: unknown): CallFailure {
  if (!(error instanceof AnimalStoreError)) return { kind: 'unexpected' };
  // The status decides, whatever the body: a proxy's 503 page means busy too.
  if (error.status === 401) return { kind: 'unauthorized' };
  // Of the 409s only an add still in progress asks to wait; the others (a key that may not be revoked or rotated)
  // are refusals with a reason.
  if (error.status === 429 || error.status === 503 || error.code === 'idempotency_request_in_progress') {
    return {
      kind: 'busy',
      limited: error.status === 429,
      retryAfterSeconds: wholeSeconds(error.retryAfterMs),
    };
  }
  if (error.code === 'unreachable') return { kind: 'unreachable' };
  if (error.code === 'unexpected_response') return { kind: 'unexpected' };
  return { kind: 'refused', body: { code: error.code, message: error.message, status: error.status } };
}

/** A wait as a person counts it: whole seconds, rounded up, at least one. */
function wholeSeconds(ms: number | undefined): number | undefined {
  return ms === undefined ? undefined : Math.max(1, Math.ceil(ms / 1000));
}
