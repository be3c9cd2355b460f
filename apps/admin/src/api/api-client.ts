import { type AnimalStoreClient, createAnimalStoreClient, type RetryOptions } from '@animal-store/client';

/**
 * How the admin's calls are repeated. A person at a screen waits about ten seconds for an answer before turning
 * away, so a call gets ten seconds in all, each attempt's time included (the client cuts an attempt to what is left
 * of them), and three attempts. Within that the client silently repeats what the store did not act on: a lost
 * answer, a 503, an add still in progress (the store asks for a second). A wait that would run past the ten
 * seconds, such as a rate limit's minute, is not begun: the screen says at once when to try again.
 */
const AT_A_SCREEN: RetryOptions = { attempts: 3, deadlineMs: 10_000 };

/**
 * The store's client for one base address and one API key. Everything the admin sends or reads goes through it,
 * so requests and answers are the contract's, and every failure is one AnimalStoreError.
 */
export function createApiClient(baseUrl: string, apiKey: string): AnimalStoreClient {
  return createAnimalStoreClient({ baseUrl, apiKey, retry: AT_A_SCREEN });
}
