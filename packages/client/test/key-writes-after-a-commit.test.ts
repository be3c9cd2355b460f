import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnimalStoreError, createAnimalStoreClient, type RetryEvent } from '../src/index.js';
import { type FaultyProxy, type ProxyStep, startFaultyProxy } from './support/faulty-proxy.js';

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

/**
 * The store's own answer when its database connection drops after the write committed: the key exists, and the
 * answer says the database could not be reached.
 */
const COMMITTED_THEN_503: ProxyStep = {
  afterForwarding: {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '1' },
    body: JSON.stringify({
      code: 'service_unavailable',
      message: 'The database cannot be reached; retry shortly.',
      status: 503,
    }),
  },
};

/** The call's outcome, a success or an error, to be looked at after what the store holds. */
const outcomeOf = (call: Promise<unknown>) => call.catch((error: unknown) => error);

async function clientBehind(steps: ProxyStep[]) {
  proxy = await startFaultyProxy(store.baseUrl, steps);
  const retries: RetryEvent[] = [];
  const client = createAnimalStoreClient({
    baseUrl: proxy.baseUrl,
    apiKey: store.apiKey,
    retry: { onRetry: (event) => retries.push(event) },
  });
  return { client, retries, seen: proxy.seen };
}

const manager = () => createAnimalStoreClient({ baseUrl: store.baseUrl, apiKey: store.apiKey });
const keysNamed = async (name: string) => (await manager().apiKeys.list()).filter((key) => key.name === name);

describe('a key write the store committed and then answered 503', () => {
  it('is not sent again, so one create makes one key, and the error says to list the keys', async () => {
    const { client, retries, seen } = await clientBehind([COMMITTED_THEN_503]);
    const error = await outcomeOf(client.apiKeys.create({ name: 'after-commit', scopes: ['pets:read'] }));
    expect(await keysNamed('after-commit')).toHaveLength(1);
    expect(error).toBeInstanceOf(AnimalStoreError);
    expect(error).toMatchObject({
      code: 'service_unavailable',
      status: 503,
      retryAfterMs: 1000,
      message: expect.stringContaining('The store may have made the key before it failed: list the keys'),
    });
    expect(retries).toStrictEqual([]);
    expect(seen.map(({ method, url }) => `${method} ${url}`)).toStrictEqual(['POST /v1/api-keys']);
  });

  it('is not sent again, so one rotation makes one successor, the one the error says to look for', async () => {
    const created = await manager().apiKeys.create({ name: 'rotated', scopes: ['pets:read'] });
    const { client, retries, seen } = await clientBehind([COMMITTED_THEN_503]);
    const error = await outcomeOf(client.apiKeys.rotate(created.id));
    const successors = (await keysNamed('rotated')).filter((key) => key.id !== created.id);
    expect(successors).toHaveLength(1);
    expect(error).toMatchObject({
      code: 'service_unavailable',
      status: 503,
      message: expect.stringContaining('list the keys to see whether it made a successor'),
    });
    expect(retries).toStrictEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('is still sent again when the store refused it before acting (429), and then succeeds once', async () => {
    const { client, retries, seen } = await clientBehind([
      {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '0' },
        body: JSON.stringify({ code: 'rate_limited', message: 'Too many requests.', status: 429 }),
      },
    ]);
    const created = await client.apiKeys.create({ name: 'after-429', scopes: ['pets:read'] });
    expect(retries).toMatchObject([{ attempt: 1, error: { status: 429 } }]);
    expect(seen).toHaveLength(2);
    expect((await keysNamed('after-429')).map((key) => key.id)).toStrictEqual([created.id]);
  });

  it('is repeated for a pet, whose Idempotency-Key makes the repeat safe: the animal is added once', async () => {
    const { client, retries, seen } = await clientBehind([COMMITTED_THEN_503]);
    const receipt = await client.pets.createWithReceipt({ name: 'Once', categoryId: 1 });
    expect(retries).toMatchObject([{ attempt: 1, error: { code: 'service_unavailable' } }]);
    expect(receipt.replayed).toStrictEqual(true);
    expect(seen.map((request) => request.headers['idempotency-key'])).toStrictEqual([
      receipt.idempotencyKey,
      receipt.idempotencyKey,
    ]);
  });
});
