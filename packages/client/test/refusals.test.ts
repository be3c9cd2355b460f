import { seedKey } from '@animal-store/testing/seed';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnimalStoreError, createAnimalStoreClient, type NewPet, type RetryEvent } from '../src/index.js';
import { type FaultyProxy, startFaultyProxy } from './support/faulty-proxy.js';

let store: StoreProcess;
let proxy: FaultyProxy;
let retries: RetryEvent[];

beforeAll(async () => {
  store = await startStore();
});

afterEach(() => proxy.close());

afterAll(() => store.stop());

/** A client through a proxy that counts the requests, with the store's key or another. */
async function countedClient(apiKey = store.apiKey) {
  proxy = await startFaultyProxy(store.baseUrl, []);
  retries = [];
  return createAnimalStoreClient({
    baseUrl: proxy.baseUrl,
    apiKey,
    retry: { onRetry: (event) => retries.push(event) },
  });
}

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error,
  );

describe('a refusal', () => {
  it('is an AnimalStoreError with the code, status, message and request id of a 400, sent once', async () => {
    const client = await countedClient();
    const error = await failureOf(client.pets.create({ name: '', categoryId: 1 }));
    expect(error).toBeInstanceOf(AnimalStoreError);
    expect(error).toMatchObject({
      name: 'AnimalStoreError',
      code: 'validation_failed',
      status: 400,
      message: expect.stringContaining('name'),
      requestId: expect.stringMatching(/\S/),
      retryAfterMs: undefined,
    });
    expect(proxy.seen).toHaveLength(1);
    expect(retries).toStrictEqual([]);
  });

  it('of a wrong key is 401 unauthorized, with the request id, sent once', async () => {
    const client = await countedClient('as_not-a-key-of-this-store');
    const error = await failureOf(client.apiKeys.current());
    expect(error).toMatchObject({
      code: 'unauthorized',
      status: 401,
      requestId: expect.stringMatching(/\S/),
    });
    expect((error as Error).message).not.toStrictEqual('');
    expect(proxy.seen).toHaveLength(1);
  });

  it('of a key without the scope is 403 insufficient_scope, sent once', async () => {
    const readOnly = (await seedKey(store, { name: 'reader', scopes: ['pets:read'] })).key;
    const client = await countedClient(readOnly);
    const pet: NewPet = { name: 'Nope', categoryId: 1 };
    expect(await failureOf(client.pets.create(pet))).toMatchObject({
      code: 'insufficient_scope',
      status: 403,
      message: expect.stringContaining('pets:write'),
    });
    expect(proxy.seen).toHaveLength(1);
  });

  it('of an unknown animal is 404 pet_not_found, sent once', async () => {
    const client = await countedClient();
    expect(await failureOf(client.pets.get(987_654))).toMatchObject({ code: 'pet_not_found', status: 404 });
    expect(proxy.seen).toHaveLength(1);
    expect(retries).toStrictEqual([]);
  });

  it('of a cursor the store did not issue is 400 invalid_cursor', async () => {
    const client = await countedClient();
    expect(await failureOf(client.pets.page({ cursor: 'forged' }))).toMatchObject({
      code: 'invalid_cursor',
      status: 400,
    });
  });
  it('of a base URL without /v1 is 404 route_not_found', async () => {
    proxy = await startFaultyProxy(store.baseUrl, []);
    const client = createAnimalStoreClient({
      baseUrl: proxy.baseUrl.replace(/\/v1$/, ''),
      apiKey: store.apiKey,
    });
    expect(await failureOf(client.apiKeys.current())).toMatchObject({ code: 'route_not_found', status: 404 });
  });
});

describe('an answer that is not the contract’s', () => {
  it('is unexpected_response with its status, and is not repeated', async () => {
    proxy = await startFaultyProxy(store.baseUrl, [
      { status: 502, headers: { 'content-type': 'text/html' }, body: '<html>Bad gateway</html>' },
    ]);
    const client = createAnimalStoreClient({ baseUrl: proxy.baseUrl, apiKey: store.apiKey });
    const error = await failureOf(client.apiKeys.list());
    expect(error).toMatchObject({ code: 'unexpected_response', status: 502, requestId: undefined });
    expect(proxy.seen).toHaveLength(1);
  });

  it('includes a success whose body does not match the schema', async () => {
    proxy = await startFaultyProxy(store.baseUrl, [
      { status: 200, headers: { 'content-type': 'application/json' }, body: '[{"id":"one"}]' },
    ]);
    const client = createAnimalStoreClient({ baseUrl: proxy.baseUrl, apiKey: store.apiKey });
    expect(await failureOf(client.pets.page())).toMatchObject({ code: 'unexpected_response', status: 200 });
  });
});
