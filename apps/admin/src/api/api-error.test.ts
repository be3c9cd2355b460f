import { createAnimalStoreClient } from '@animal-store/client';
import { describe, expect, it } from 'vitest';
import { describeFailure } from './api-error';
import { failureWords } from './failure-words';

const errorBody = (code: string, status: number) => ({ code, message: `${code} from the store`, status });

/**
 * What the store's client rejects a call with when `answer` comes back (or fetch fails with it): the real client,
 * with one attempt, so that each case reads what the app will be given.
 */
async function rejectionOf(answer: { status: number; body: unknown; headers?: Headers } | Error) {
  const fetch = async () => {
    if (answer instanceof Error) throw answer;
    const headers = new Headers(answer.headers);
    if (typeof answer.body !== 'string') headers.set('content-type', 'application/json');
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status, headers });
  };
  const client = createAnimalStoreClient({
    baseUrl: 'https://store.example.test/v1',
    apiKey: 'a-key',
    fetch,
    retry: false,
  });
  return client.pets.page().then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error,
  );
}

const failureOf = async (answer: Parameters<typeof rejectionOf>[0]) =>
  describeFailure(await rejectionOf(answer));

describe('describeFailure and failureWords', () => {
  it('sorts a refused key out, whatever the store said', async () => {
    const failure = await failureOf({ status: 401, body: errorBody('unauthorized', 401) });
    expect(failure).toStrictEqual({ kind: 'unauthorized' });
  });

  it('says when to retry a rate-limited call, from Retry-After', async () => {
    const failure = await failureOf({
      status: 429,
      body: errorBody('rate_limited', 429),
      headers: new Headers({ 'retry-after': '42' }),
    });
    expect(failure).toStrictEqual({ kind: 'busy', limited: true, retryAfterSeconds: 42 });
    expect(failureWords(failure, 'load the catalogue')).toBe(
      'Too many requests in a short time. Please try again in 42 seconds.',
    );
  });

  it('asks to wait only for the 409 of an add still in progress; other 409s are refusals with a reason', async () => {
    const conflict = (code: string) =>
      failureOf({
        status: 409,
        body: errorBody(code, 409),
        headers: new Headers({ 'retry-after': '2' }),
      });
    expect(await conflict('idempotency_request_in_progress')).toStrictEqual({
      kind: 'busy',
      limited: false,
      retryAfterSeconds: 2,
    });
    expect(await conflict('last_key_manager')).toStrictEqual({
      kind: 'refused',
      body: errorBody('last_key_manager', 409),
    });
  });

  it('says which action a key lacks the scope for', async () => {
    const failure = await failureOf({ status: 403, body: errorBody('insufficient_scope', 403) });
    expect(failureWords(failure, 'load the catalogue')).toBe(
      'This API key is not allowed to load the catalogue.',
    );
  });

  it('reads a Retry-After given as a date, and rounds long waits to minutes', async () => {
    const later = new Date(Date.now() + 300_000).toUTCString();
    const failure = await failureOf({
      status: 503,
      body: '',
      headers: new Headers({ 'retry-after': later }),
    });
    expect(failure).toMatchObject({ kind: 'busy', limited: false });
    expect(failureWords(failure, 'load the catalogue')).toBe(
      'The store is busy and could not load the catalogue. Please try again in 5 minutes.',
    );
  });

  it('tells an unreachable store from an answer it cannot read', async () => {
    expect(failureWords(await failureOf(new TypeError('Failed to fetch')), 'add the animal')).toBe(
      'The store could not be reached, so this app could not add the animal. Check the connection and try again.',
    );
    expect(await failureOf({ status: 502, body: '<html>Bad gateway</html>' })).toStrictEqual({
      kind: 'unexpected',
    });
    // A listing whose animals do not match the contract: a store on another version.
    expect(await failureOf({ status: 200, body: [{ id: 'one', name: 'Rex' }] })).toStrictEqual({
      kind: 'unexpected',
    });
    expect(describeFailure(new Error('a fault of the app itself'))).toStrictEqual({ kind: 'unexpected' });
  });

  it('never shows status codes, header names or the library message', async () => {
    const failures = [
      await failureOf(new TypeError('Failed to fetch')),
      await failureOf({ status: 429, body: errorBody('rate_limited', 429) }),
      await failureOf({ status: 422, body: errorBody('idempotency_key_reused', 422) }),
      await failureOf({ status: 502, body: 'Bad gateway' }),
    ];
    for (const failure of failures) {
      expect(failureWords(failure, 'add the animal')).not.toMatch(
        /\d{3}|Retry-After|Idempotency|fetch|store\)/i,
      );
    }
  });
});
