/**
 * The client's transport for ts-rest's own integrations (React Query, `initClient`): retries, `Retry-After`,
 * Idempotency-Keys and AnimalStoreError, as the client's methods have them. Its declarations name ts-rest's types,
 * so it is a subpath of its own: the main entry's never reach them.
 */
export { AnimalStoreError, type AnimalStoreErrorCode } from './animal-store-error.js';
export type { RetryEvent, RetryOptions, TransportOptions as AnimalStoreFetcherOptions } from './options.js';
export { animalStoreFetcher } from './ts-rest-fetcher.js';
