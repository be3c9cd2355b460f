import type { ApiFetcher } from '@ts-rest/core';
import { newIdempotencyKey } from './idempotency-key.js';
import { attemptOnce } from './one-attempt.js';
import { rulesOf } from './operation-rules.js';
import { retrySettings, type TransportOptions } from './options.js';
import { withRetries } from './retrying.js';

const IDEMPOTENCY_KEY = 'idempotency-key';

/**
 * The one way the store is called, as a ts-rest fetcher: `initClient(storeContract, { api })`, or
 * `initTsrReactQuery(storeContract, { api })`. The client's own methods run on it too. Each call resolves only to a
 * success its route declares, its body checked against the route's schema, and otherwise rejects with an
 * AnimalStoreError, after repeating what its operation allows (operation-rules.ts) within the retry options.
 */
export function animalStoreFetcher(options: TransportOptions = {}): ApiFetcher {
  const settings = retrySettings(options);
  const fetchFn = options.fetch ?? globalThis.fetch;
  return (request) => {
    const rules = rulesOf(request.route);
    // One key for the whole call, made here when the caller gave none, so that every attempt repeats it.
    const headers =
      rules.takesIdempotencyKey && request.headers[IDEMPOTENCY_KEY] === undefined
        ? { ...request.headers, [IDEMPOTENCY_KEY]: newIdempotencyKey() }
        : request.headers;
    const signal = request.fetchOptions?.signal ?? undefined;
    return withRetries(settings, { ...rules, signal }, (attemptSignal) =>
      attemptOnce(fetchFn, { ...request, headers }, attemptSignal),
    );
  };
}
