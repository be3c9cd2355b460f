import { ERROR_CODES, type ErrorCode } from '@animal-store/contract/schemas';

/**
 * Every `code` an AnimalStoreError carries: the contract's, from the store's Error body, and two of the client's
 * own for the failures that come with no such body.
 */
export type AnimalStoreErrorCode =
  | ErrorCode
  /** No answer: connection refused, a name that does not resolve, a timeout, or a call the caller cancelled. */
  | 'unreachable'
  /** An answer that is not the contract's: a proxy's HTML page, another version of the API, a wrong base URL. */
  | 'unexpected_response';

export interface AnimalStoreErrorDetails {
  code: AnimalStoreErrorCode;
  status: number;
  message: string;
  requestId?: string | undefined;
  retryAfterMs?: number | undefined;
  cause?: unknown;
}

/** The one error every method of the client rejects with. */
export class AnimalStoreError extends Error {
  override readonly name = 'AnimalStoreError';
  readonly code: AnimalStoreErrorCode;
  /** The HTTP status of the answer; 0 when there was no answer. */
  readonly status: number;
  /** The answer's `X-Request-Id`: the store logs it, so quote it when asking why a call failed. */
  readonly requestId: string | undefined;
  /** How long the store asked the client to wait (`Retry-After`), when it did: 429, 503, 409 in progress. */
  readonly retryAfterMs: number | undefined;

  constructor(details: AnimalStoreErrorDetails) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = details.code;
    this.status = details.status;
    this.requestId = details.requestId;
    this.retryAfterMs = details.retryAfterMs;
  }

  /**
   * The error on one line, as a log or a person reads it: `code (HTTP status): message [request id]`. A failure
   * with no answer says so instead of a status, and the request part is left out when no answer named one.
   */
  override toString(): string {
    const answer = this.status === 0 ? 'no answer' : `HTTP ${this.status}`;
    const request = this.requestId === undefined ? '' : ` [request ${this.requestId}]`;
    return `${this.code} (${answer}): ${this.message}${request}`;
  }
}

/** The same failure with `more` said after its message, e.g. what to check or what the base URL usually is. */
export const withMessageAdded = (failure: AnimalStoreError, more: string): AnimalStoreError =>
  new AnimalStoreError({
    code: failure.code,
    status: failure.status,
    message: `${failure.message} ${more}`,
    requestId: failure.requestId,
    retryAfterMs: failure.retryAfterMs,
    cause: failure.cause,
  });

/** Whether `code` is one the contract defines, as opposed to one a newer store added or a stranger sent. */
export const isContractErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CODES, code);
