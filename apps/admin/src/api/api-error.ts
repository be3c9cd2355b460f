import { type ApiError, ErrorSchema } from '@animal-store/contract';

/** What went wrong with a call, in words for the admin, and whether the key was refused. */
export interface CallFailure {
  unauthorized: boolean;
  message: string;
  /** The store's own Error body, when it sent one. */
  body?: ApiError;
}

/**
 * ts-rest rejects a non-2xx answer with the response itself ({ status, body, headers }) and a failed request with
 * an Error; a proxy in between may also answer with a body that is not the store's Error.
 */
export function describeFailure(error: unknown): CallFailure {
  if (error instanceof Error) {
    return {
      unauthorized: false,
      message: `The store could not be reached or sent an answer this app does not understand (${error.message}).`,
    };
  }
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  const parsed = ErrorSchema.safeParse(
    typeof error === 'object' && error !== null && 'body' in error ? error.body : undefined,
  );
  const unauthorized = status === 401;
  if (parsed.success) return { unauthorized, message: parsed.data.message, body: parsed.data };
  return { unauthorized, message: `The store answered with HTTP status ${String(status ?? 'unknown')}.` };
}
