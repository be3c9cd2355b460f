import { animalStoreFetcher, type RetryOptions } from '@animal-store/client/ts-rest';
import { storeContract } from '@animal-store/contract';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';

/**
 * How the admin's calls are repeated. A person at a screen waits about ten seconds for an answer before turning
 * away, so a call gets ten seconds in all, each attempt's time included (the fetcher cuts an attempt to what is
 * left of them), and three attempts. Within that the fetcher silently repeats what is safe to repeat: a rate limit's
 * refusal, an add still in progress (the store asks for a second), and a lost answer or a 503 to anything but
 * making or rotating a key (a 503 may follow a commit, and only an add's Idempotency-Key makes its repeat harmless).
 * A wait that would run past the ten seconds, such as a rate limit's minute, is not begun: the screen says at once
 * when to try again.
 */
const AT_A_SCREEN: RetryOptions = { attempts: 3, deadlineMs: 10_000 };

/**
 * ts-rest's React Query hooks for the store at one base address with one API key, on the client package's fetcher:
 * requests and answers are the contract's, retries and Idempotency-Keys are the client's, and every failure is one
 * AnimalStoreError, which TanStack Query holds as the query's or mutation's error.
 */
export function createApiClient(baseUrl: string, apiKey: string) {
  return initTsrReactQuery(storeContract, {
    baseUrl,
    baseHeaders: { authorization: `Bearer ${apiKey}` },
    api: animalStoreFetcher({ retry: AT_A_SCREEN }),
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
