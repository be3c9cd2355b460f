import { describe, expect, it } from 'vitest';
import { describeFailure } from './api-error';
import { failureWords } from './failure-words';

const errorBody = (code: string, status: number) => ({ code, message: `${code} from the store`, status });

describe('describeFailure and failureWords', () => {
  it('sorts a refused key out, whatever the store said', () => {
    const failure = describeFailure({
      status: 401,
      body: errorBody('unauthorized', 401),
      headers: new Headers(),
    });
    expect(failure).toStrictEqual({ kind: 'unauthorized' });
  });

  it('says when to retry a rate-limited call, from Retry-After', () => {
    const failure = describeFailure({
      status: 429,
      body: errorBody('rate_limited', 429),
      headers: new Headers({ 'retry-after': '42' }),
    });
    expect(failure).toStrictEqual({ kind: 'busy', limited: true, retryAfterSeconds: 42 });
    expect(failureWords(failure, 'load the catalogue')).toBe(
      'Too many requests in a short time. Please try again in 42 seconds.',
    );
  });

  it('asks to wait only for the 409 of an add still in progress; other 409s are refusals with a reason', () => {
    const conflict = (code: string) =>
      describeFailure({
        status: 409,
        body: errorBody(code, 409),
        headers: new Headers({ 'retry-after': '2' }),
      });
    expect(conflict('idempotency_request_in_progress')).toStrictEqual({
      kind: 'busy',
      limited: false,
      retryAfterSeconds: 2,
    });
    expect(conflict('last_key_manager')).toStrictEqual({
      kind: 'refused',
      body: errorBody('last_key_manager', 409),
    });
  });

  it('says which action a key lacks the scope for', () => {
    const failure = describeFailure({
      status: 403,
      body: errorBody('insufficient_scope', 403),
      headers: new Headers(),
    });
    expect(failureWords(failure, 'load the catalogue')).toBe(
      'This API key is not allowed to load the catalogue.',
    );
  });

  it('reads a Retry-After given as a date, and rounds long waits to minutes', () => {
    const later = new Date(Date.now() + 300_000).toUTCString();
    const failure = describeFailure({
      status: 503,
      body: '',
      headers: new Headers({ 'retry-after': later }),
    });
    expect(failure).toMatchObject({ kind: 'busy', limited: false });
    expect(failureWords(failure, 'load the catalogue')).toBe(
      'The store is busy and could not load the catalogue. Please try again in 5 minutes.',
    );
  });

  it('tells an unreachable store from an answer it cannot read', () => {
    expect(failureWords(describeFailure(new TypeError('Failed to fetch')), 'add the animal')).toBe(
      'The store could not be reached, so this app could not add the animal. Check the connection and try again.',
    );
    expect(
      describeFailure({ status: 502, body: '<html>Bad gateway</html>', headers: new Headers() }),
    ).toStrictEqual({ kind: 'unexpected' });
    expect(describeFailure(new Error('response does not match the contract'))).toStrictEqual({
      kind: 'unexpected',
    });
  });

  it('never shows status codes, header names or the library message', () => {
    const failures = [
      describeFailure(new TypeError('Failed to fetch')),
      describeFailure({ status: 429, body: errorBody('rate_limited', 429), headers: new Headers() }),
      describeFailure({
        status: 422,
        body: errorBody('idempotency_key_reused', 422),
        headers: new Headers(),
      }),
      describeFailure({ status: 502, body: 'Bad gateway', headers: new Headers() }),
    ];
    for (const failure of failures) {
      expect(failureWords(failure, 'add the animal')).not.toMatch(
        /\d{3}|Retry-After|Idempotency|fetch|store\)/i,
      );
    }
  });
});
