import type { ServerResponse } from 'node:http';

/**
 * What a step decided about a request that an operator reading its trace wants told, at the moment it was decided:
 * a wait the client is asked to make (the database is gone, a limit is spent) or an answer given from memory. Plain
 * data, named in the store's words: tracing writes each as an event of the request's span
 * (observability/trace-requests.ts, where the events' names and attributes are listed).
 */
export type RequestEvent =
  /** Answered 503: the database could not be reached. `errorType` is the failure's code, never its message. */
  | { kind: 'database_unavailable'; errorType: string; retryAfterSeconds: number }
  /** Answered 429 by the API key's limit, or by the client address's limit on failed authentications. */
  | { kind: 'rate_limited'; limit: 'api_key' | 'failed_authentication'; retryAfterSeconds: number }
  /** createPet answered with the animal its Idempotency-Key created before. */
  | { kind: 'idempotent_replay' };

/**
 * Who hears a response's events: set by tracing for the requests it traces. Without tracing nothing is ever set, and
 * telling costs one lookup, on these rare answers only; the answers themselves do not change.
 */
const listeners = new WeakMap<ServerResponse, (event: RequestEvent) => void>();

export function listenToRequestEvents(res: ServerResponse, listener: (event: RequestEvent) => void): void {
  listeners.set(res, listener);
}

export function tellRequestEvent(res: ServerResponse, event: RequestEvent): void {
  listeners.get(res)?.(event);
}

/** A failure's code as an error type: the driver's or the system's (`ECONNREFUSED`, `57P01`), else `_OTHER`. */
export function errorTypeOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : '_OTHER';
}
