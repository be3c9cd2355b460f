import { describe, expect, it } from 'vitest';
import { describeFailure } from './api-error';

describe('describeFailure', () => {
  it("flags a 401 and keeps the store's Error body", () => {
    const body = {
      code: 'unauthorized',
      message: 'The Authorization header is not a valid key.',
      status: 401,
    };
    expect(describeFailure({ status: 401, body, headers: new Headers() })).toStrictEqual({
      unauthorized: true,
      message: 'The Authorization header is not a valid key.',
      body,
    });
  });

  it('names the status when a proxy answered with something other than an Error body', () => {
    expect(
      describeFailure({ status: 502, body: '<html>Bad gateway</html>', headers: new Headers() }),
    ).toStrictEqual({
      unauthorized: false,
      message: 'The store answered with HTTP status 502.',
    });
  });

  it('explains a request that never got an answer', () => {
    expect(describeFailure(new TypeError('Failed to fetch'))).toStrictEqual({
      unauthorized: false,
      message:
        'The store could not be reached or sent an answer this app does not understand (Failed to fetch).',
    });
  });
});
