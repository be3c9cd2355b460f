import { afterEach, describe, expect, it } from 'vitest';
import { AnimalStoreError, createAnimalStoreClient, type RetryEvent } from '../src/index.js';
import { closedPortBaseUrl, startSilentServer } from './support/faulty-proxy.js';

let closeSilent: (() => Promise<void>) | undefined;

afterEach(async () => {
  await closeSilent?.();
  closeSilent = undefined;
});

async function silentServer() {
  const silent = await startSilentServer();
  closeSilent = silent.close;
  return silent;
}

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error,
  );

describe('no answer', () => {
  it('from a closed port is unreachable with status 0, repeated for a read until the attempts run out', async () => {
    const retries: RetryEvent[] = [];
    const client = createAnimalStoreClient({
      baseUrl: await closedPortBaseUrl(),
      apiKey: 'as_any',
      retry: { attempts: 3, onRetry: (event) => retries.push(event) },
    });
    const error = await failureOf(client.apiKeys.current());
    expect(error).toBeInstanceOf(AnimalStoreError);
    expect(error).toMatchObject({ code: 'unreachable', status: 0, requestId: undefined });
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(retries.map(({ attempt }) => attempt)).toStrictEqual([1, 2]);
    // Backoff: 0.5 s then 1 s, each plus up to half again.
    expect(retries[0]?.delayMs).toBeGreaterThanOrEqual(500);
    expect(retries[0]?.delayMs).toBeLessThan(750);
    expect(retries[1]?.delayMs).toBeGreaterThanOrEqual(1000);
    expect(retries[1]?.delayMs).toBeLessThan(1500);
  });

  it('is not repeated when the retries are turned off', async () => {
    const silent = await silentServer();
    const client = createAnimalStoreClient({
      baseUrl: silent.baseUrl,
      apiKey: 'as_any',
      timeoutMs: 200,
      retry: false,
    });
    expect(await failureOf(client.pets.page())).toMatchObject({
      code: 'unreachable',
      status: 0,
      message: expect.stringContaining('No answer within 0.2 s.'),
    });
    // Never a second request. Not exactly one: on a starved machine the 0.2 s can pass before this process has
    // sent the first, or read it.
    expect(silent.requests).toBeLessThanOrEqual(1);
  });

  it('ends each attempt after timeoutMs, and begins no wait that would end past the deadline', async () => {
    const silent = await silentServer();
    const retries: RetryEvent[] = [];
    const client = createAnimalStoreClient({
      baseUrl: silent.baseUrl,
      apiKey: 'as_any',
      timeoutMs: 300,
      retry: { attempts: 10, deadlineMs: 2000, onRetry: (event) => retries.push(event) },
    });
    const started = Date.now();
    const error = await failureOf(client.pets.page());
    const elapsed = Date.now() - started;
    expect(error).toMatchObject({
      code: 'unreachable',
      status: 0,
      message: expect.stringContaining('0.3 s'),
    });
    // 0.3 s, a wait of 0.5 to 0.75 s, 0.3 s: by then, at 1.1 s at least, the next wait (1 to 1.5 s) would end past
    // 2 s, so the second attempt's failure ends the call though eight attempts are left. Only lower bounds of time
    // are asserted: a busy machine makes every timer late, never early.
    expect(retries.map(({ attempt }) => attempt)).toStrictEqual([1]);
    // Two attempts at most reached the server (fewer when a starved machine let an attempt's 0.3 s pass first).
    expect(silent.requests).toBeLessThanOrEqual(2);
    expect(elapsed).toBeGreaterThanOrEqual(1000);
  });

  it('cuts an attempt at the deadline when that comes before the attempt’s own timeout', async () => {
    const silent = await silentServer();
    const client = createAnimalStoreClient({
      baseUrl: silent.baseUrl,
      apiKey: 'as_any',
      retry: { deadlineMs: 800 },
    });
    const started = Date.now();
    const error = await failureOf(client.apiKeys.list());
    const elapsed = Date.now() - started;
    // The deadline, not the attempt's own 30 s, cut it: the message names the limit, whenever the timer fired.
    expect(error).toMatchObject({
      code: 'unreachable',
      status: 0,
      message: expect.stringContaining("No answer within the call's deadline of 0.8 s."),
    });
    expect(silent.requests).toStrictEqual(1);
    expect(elapsed).toBeGreaterThanOrEqual(750);
  });

  it('is not repeated for an API key creation, whose lost answer may have made a key', async () => {
    const silent = await silentServer();
    const retries: RetryEvent[] = [];
    const client = createAnimalStoreClient({
      baseUrl: silent.baseUrl,
      apiKey: 'as_any',
      timeoutMs: 200,
      retry: { onRetry: (event) => retries.push(event) },
    });
    expect(await failureOf(client.apiKeys.create({ name: 'ci', scopes: ['pets:read'] }))).toMatchObject({
      code: 'unreachable',
    });
    expect(await failureOf(client.apiKeys.rotate(7))).toMatchObject({ code: 'unreachable' });
    // One request a call at most: neither was repeated.
    expect(silent.requests).toBeLessThanOrEqual(2);
    expect(retries).toStrictEqual([]);
  });

  it('ends with the caller’s signal, waits included', async () => {
    const silent = await silentServer();
    const client = createAnimalStoreClient({ baseUrl: silent.baseUrl, apiKey: 'as_any', timeoutMs: 100 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 400);
    const started = Date.now();
    const error = await failureOf(
      client.pets.create({ name: 'Rex', categoryId: 1 }, { signal: controller.signal }),
    );
    expect(error).toMatchObject({ code: 'unreachable', status: 0, message: 'The call was cancelled.' });
    // Uncancelled, four attempts of 0.1 s and waits of at least 0.5, 1 and 2 s would take 3.9 s.
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
