import {
  type AnimalStoreClient,
  type AnimalStoreError,
  createAnimalStoreClient,
  type RetryOptions,
} from '@animal-store/client';
import { ApiResponseError, UnreachableError } from './cli-errors.js';
import type { Connection } from './config.js';

/** Long enough for a slow import row, short enough that a black-holed address does not hang a script. */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The store's client for a command. A command sends one request and says what came back, so by default nothing
 * is repeated: a script learns of a rate limit, an outage or an unreachable address at once, with its exit code.
 * `pets import` passes rules of its own, since every row of a file is to get through.
 */
export function createApiClient(
  connection: Connection,
  retry: RetryOptions | false = false,
): AnimalStoreClient {
  return createAnimalStoreClient({
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    timeoutMs: REQUEST_TIMEOUT_MS,
    retry,
  });
}

/**
 * A failed call in the CLI's words, which differ by exit code: the store's code and message when it answered
 * (the client adds the base URL hint to a `route_not_found`), the base address tried and why when nothing answered.
 */
export function cliErrorOf(error: AnimalStoreError, baseUrl: string): ApiResponseError | UnreachableError {
  if (error.code === 'unreachable') return new UnreachableError(baseUrl, reasonOf(error.cause));
  return new ApiResponseError(error.status, error.code, error.message);
}

/**
 * Why no answer came, in the words a person searches for: the system's code (ECONNREFUSED, ENOTFOUND), which
 * Node's fetch keeps in the cause of its error, or the time that ran out.
 */
function reasonOf(failedFetch: unknown): string {
  if (failedFetch instanceof Error && failedFetch.name === 'TimeoutError') {
    return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  }
  const system = (failedFetch as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof system?.code === 'string') return system.code;
  if (typeof system?.message === 'string') return system.message;
  return failedFetch instanceof Error ? failedFetch.message : String(failedFetch);
}
