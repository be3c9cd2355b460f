import type { AnimalStoreError } from './animal-store-error.js';

/** How the store is called, whoever calls it: the client's methods, or its fetcher under another front end. */
export interface TransportOptions {
  /** The fetch to call; `globalThis.fetch` by default (browsers, Node 22+). */
  fetch?: typeof fetch;
  /** How long one attempt may take, its answer's body included; 30 000 ms by default. */
  timeoutMs?: number;
  /** How failed calls are repeated; `false` makes every call a single attempt. */
  retry?: false | RetryOptions;
}

export interface AnimalStoreClientOptions extends TransportOptions {
  /** The API's base URL, ending in `/v1`: `http://localhost:3000/v1`, or `/v1` in a page the store serves. */
  baseUrl: string;
  /** The API key, sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
}

export interface RetryOptions {
  /** Attempts per call, the first included; 4 by default. */
  attempts?: number;
  /** The time one call may take across its attempts and waits; 60 000 ms by default. */
  deadlineMs?: number;
  /** Called before each wait, e.g. to tell a user why nothing happens for a while. */
  onRetry?(event: RetryEvent): void;
}

export interface RetryEvent {
  /** The number of the attempt that failed: 1 for the first. */
  attempt: number;
  /** How long the client waits before the next attempt. */
  delayMs: number;
  /** Why the attempt failed. */
  error: AnimalStoreError;
}

/** Options every method takes. */
export interface CallOptions {
  /** Cancels the call, its waits included; it then rejects with code `unreachable`. */
  signal?: AbortSignal;
}

/** How a transport repeats its calls, with every default applied. */
export interface RetrySettings {
  attempts: number;
  deadlineMs: number;
  timeoutMs: number;
  onRetry: ((event: RetryEvent) => void) | undefined;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_ATTEMPTS = 4;
const DEFAULT_DEADLINE_MS = 60_000;

export function retrySettings(options: TransportOptions): RetrySettings {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (options.retry === false) {
    // One attempt, bounded by its timeout alone, so that a timeout reads as the option the caller set.
    return { attempts: 1, deadlineMs: Number.POSITIVE_INFINITY, timeoutMs, onRetry: undefined };
  }
  return {
    attempts: options.retry?.attempts ?? DEFAULT_ATTEMPTS,
    deadlineMs: options.retry?.deadlineMs ?? DEFAULT_DEADLINE_MS,
    timeoutMs,
    onRetry: options.retry?.onRetry,
  };
}
