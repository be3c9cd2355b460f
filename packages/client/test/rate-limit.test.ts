import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnimalStoreClient, type RetryEvent } from '../src/index.js';

/** The store counts requests per key over a minute, so waiting out its Retry-After takes up to a minute. */
const LIMIT = 3;
const A_MINUTE_AND_MORE = 90_000;

let store: StoreProcess;

beforeAll(async () => {
  store = await startStore({ env: { RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
});

afterAll(() => store.stop());

describe('a 429', () => {
  it(
    'is waited out as Retry-After asks, plus less than a second, and the call then succeeds',
    async () => {
      const retries: RetryEvent[] = [];
      const client = createAnimalStoreClient({
        baseUrl: store.baseUrl,
        apiKey: store.apiKey,
        retry: { deadlineMs: A_MINUTE_AND_MORE, onRetry: (event) => retries.push(event) },
      });
      for (let call = 0; call < LIMIT; call++) await client.apiKeys.current();

      // Over the limit: a short deadline does not begin a wait that would end past it.
      const hurried = createAnimalStoreClient({
        baseUrl: store.baseUrl,
        apiKey: store.apiKey,
        retry: { deadlineMs: 2000, onRetry: (event) => retries.push(event) },
      });
      const refusal = await hurried.apiKeys.current().catch((error: unknown) => error);
      expect(refusal).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: expect.any(Number) });
      expect(retries).toStrictEqual([]);

      const started = Date.now();
      const key = await client.apiKeys.current();
      const waited = Date.now() - started;
      expect(key).toMatchObject({ configured: true, state: 'active' });
      expect(retries).toHaveLength(1);
      const [retry] = retries;
      const retryAfterMs = retry?.error.retryAfterMs ?? Number.NaN;
      expect(retry).toMatchObject({ attempt: 1, error: { code: 'rate_limited', status: 429 } });
      expect(retryAfterMs).toBeGreaterThan(2000);
      expect(retry?.delayMs).toBeGreaterThanOrEqual(retryAfterMs);
      expect(retry?.delayMs).toBeLessThan(retryAfterMs + 1000);
      expect(waited).toBeGreaterThanOrEqual(retryAfterMs);
    },
    A_MINUTE_AND_MORE + 30_000,
  );
});
