import { storedPets } from '@animal-store/testing/seed';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnimalStoreError, createAnimalStoreClient, type RetryEvent } from '../src/index.js';
import { type FaultyProxy, startFaultyProxy } from './support/faulty-proxy.js';

let store: StoreProcess;
let proxy: FaultyProxy | undefined;

beforeAll(async () => {
  store = await startStore();
});

afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

afterAll(() => store.stop());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('pets.create', () => {
  it('adds the animal and returns it with its id', async () => {
    const client = createAnimalStoreClient({ baseUrl: store.baseUrl, apiKey: store.apiKey });
    const pet = await client.pets.create({ name: 'Rex', categoryId: 2, status: 'available' });
    expect(pet).toStrictEqual({ id: expect.any(Number), name: 'Rex', categoryId: 2, status: 'available' });
    expect(await storedPets(store)).toContainEqual(pet);
  });

  it('sends an Idempotency-Key of its own, a new one for each animal', async () => {
    proxy = await startFaultyProxy(store.baseUrl, []);
    const client = createAnimalStoreClient({ baseUrl: proxy.baseUrl, apiKey: store.apiKey });
    const first = await client.pets.createWithReceipt({ name: 'Ada', categoryId: 1 });
    const second = await client.pets.createWithReceipt({ name: 'Bea', categoryId: 1 });
    expect(first.idempotencyKey).toMatch(UUID);
    expect(second.idempotencyKey).toMatch(UUID);
    expect(second.idempotencyKey).not.toStrictEqual(first.idempotencyKey);
    expect(proxy.seen.map((request) => request.headers['idempotency-key'])).toStrictEqual([
      first.idempotencyKey,
      second.idempotencyKey,
    ]);
    expect(first.replayed).toStrictEqual(false);
  });

  it('repeats the same Idempotency-Key after an answer was lost, so the store adds the animal once', async () => {
    proxy = await startFaultyProxy(store.baseUrl, ['drop-answer']);
    const retries: RetryEvent[] = [];
    const client = createAnimalStoreClient({
      baseUrl: proxy.baseUrl,
      apiKey: store.apiKey,
      retry: { onRetry: (event) => retries.push(event) },
    });
    const receipt = await client.pets.createWithReceipt({ name: 'Once', categoryId: 3 });

    const keys = proxy.seen.map((request) => request.headers['idempotency-key']);
    expect(keys).toStrictEqual([receipt.idempotencyKey, receipt.idempotencyKey]);
    expect(receipt.replayed).toStrictEqual(true);
    expect(retries).toMatchObject([{ attempt: 1, error: { code: 'unreachable', status: 0 } }]);
    const named = (await storedPets(store)).filter((pet) => pet.name === 'Once');
    expect(named).toStrictEqual([receipt.pet]);
  });

  it('sends the Idempotency-Key it is given, and the store replays its first answer to it', async () => {
    const client = createAnimalStoreClient({ baseUrl: store.baseUrl, apiKey: store.apiKey });
    const idempotencyKey = 'import-2026-11-24-row-7';
    const first = await client.pets.createWithReceipt({ name: 'Row 7', categoryId: 1 }, { idempotencyKey });
    const again = await client.pets.createWithReceipt({ name: 'Row 7', categoryId: 1 }, { idempotencyKey });
    expect(again).toStrictEqual({ pet: first.pet, replayed: true, idempotencyKey });
    expect(first.replayed).toStrictEqual(false);
  });

  it('waits out a 503 from a gateway and then adds the animal, with the same key on both attempts', async () => {
    proxy = await startFaultyProxy(store.baseUrl, [
      {
        status: 503,
        headers: { 'content-type': 'text/html', 'retry-after': '1' },
        body: '<h1>Try later</h1>',
      },
    ]);
    const retries: RetryEvent[] = [];
    const client = createAnimalStoreClient({
      baseUrl: proxy.baseUrl,
      apiKey: store.apiKey,
      retry: { onRetry: (event) => retries.push(event) },
    });
    const started = Date.now();
    const receipt = await client.pets.createWithReceipt({ name: 'After 503', categoryId: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(receipt.replayed).toStrictEqual(false);
    expect(retries).toMatchObject([{ attempt: 1, error: { code: 'unexpected_response', status: 503 } }]);
    expect(retries[0]?.delayMs).toBeGreaterThanOrEqual(1000);
    expect(retries[0]?.delayMs).toBeLessThan(2000);
    const keys = proxy.seen.map((request) => request.headers['idempotency-key']);
    expect(keys).toStrictEqual([receipt.idempotencyKey, receipt.idempotencyKey]);
  });

  it('is not repeated when the store refuses the key for another body (422)', async () => {
    proxy = await startFaultyProxy(store.baseUrl, []);
    const client = createAnimalStoreClient({ baseUrl: proxy.baseUrl, apiKey: store.apiKey });
    const idempotencyKey = 'reused-key';
    await client.pets.create({ name: 'First', categoryId: 1 }, { idempotencyKey });
    const refusal = await client.pets
      .create({ name: 'Second', categoryId: 1 }, { idempotencyKey })
      .catch((e) => e);
    expect(refusal).toBeInstanceOf(AnimalStoreError);
    expect(refusal).toMatchObject({ code: 'idempotency_key_reused', status: 422 });
    expect(proxy.seen).toHaveLength(2);
  });
});
