import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnimalStoreClient } from '../src/index.js';

let store: StoreProcess;

// The store writes what it counted every second, so that a test reads its own requests back without a stop.
beforeAll(async () => {
  store = await startStore({ env: { KEY_USAGE_WRITE_SECONDS: '1' } });
});

afterAll(() => store.stop());

const clientWith = (apiKey: string) => createAnimalStoreClient({ baseUrl: store.baseUrl, apiKey });
const HOUR_MS = 3_600_000;

/** A reader's key, made by a plain request: only its id and secret matter here. */
async function makeReader(name: string): Promise<{ id: number; key: string }> {
  const answer = await fetch(`${store.baseUrl}/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${store.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, scopes: ['pets:read'] }),
  });
  return (await answer.json()) as { id: number; key: string };
}

describe('apiKeys.usage', () => {
  it("reads a key's requests by the hour, every hour of the range present", async () => {
    const manager = clientWith(store.apiKey);
    const reader = await makeReader('counted');
    await clientWith(reader.key).pets.page();
    await clientWith(reader.key).pets.page();
    const since = new Date(Date.now() - 2 * HOUR_MS);
    const until = new Date(Date.now() + HOUR_MS);
    const answered = async () => {
      const usage = await manager.apiKeys.usage(reader.id, { since, until });
      expect(usage).toMatchObject({ keyId: reader.id });
      expect(usage.hours.length).toBeGreaterThanOrEqual(3);
      return usage.hours.reduce((sum, hour) => sum + hour.answered, 0);
    };
    await expect.poll(answered, { timeout: 15_000 }).toBe(2);
  });

  it("refuses a range that runs backwards with the store's words", async () => {
    const manager = clientWith(store.apiKey);
    const reader = await makeReader('range');
    const now = Date.now();
    expect(
      await manager.apiKeys
        .usage(reader.id, { since: new Date(now), until: new Date(now - HOUR_MS) })
        .catch((error: unknown) => error),
    ).toMatchObject({
      code: 'validation_failed',
      status: 400,
      message: "query parameter 'since': must be before until",
    });
  });
});
