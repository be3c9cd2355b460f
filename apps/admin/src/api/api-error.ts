import { type ApiError, ErrorSchema } from '@animal-store/contract';

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

/**
 * ts-rest rejects a non-2xx answer with the response itself ({ status, body, headers }), a request that got no
 * answer with a TypeError from fetch, and an answer that fails the contract's response schema with another Error.
 */
export function describeFailure(error: unknown): CallFailure {
  if (error instanceof TypeError) return { kind: 'unreachable' };
  if (error instanceof Error || typeof error !== 'object' || error === null) return { kind: 'unexpected' };
  const status = 'status' in error ? error.status : undefined;
  if (status === 401) return { kind: 'unauthorized' };
  const parsed = ErrorSchema.safeParse('body' in error ? error.body : undefined);
  // Of the 409s only an add still in progress asks to wait; the others (a key that may not be revoked or rotated)
  // are refusals with a reason.
  const inProgress = status === 409 && parsed.data?.code === 'idempotency_request_in_progress';
  if (status === 429 || status === 503 || inProgress) {
    const headers = 'headers' in error && error.headers instanceof Headers ? error.headers : undefined;
    return { kind: 'busy', limited: status === 429, retryAfterSeconds: retryAfter(headers) };
  }
  return parsed.success ? { kind: 'refused', body: parsed.data } : { kind: 'unexpected' };
}

/** Retry-After in seconds; the store sends seconds, an HTTP date is accepted too. */
function retryAfter(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : undefined;
}
