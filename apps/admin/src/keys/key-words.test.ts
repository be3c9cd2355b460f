import { describe, expect, it } from 'vitest';
import { keyChangeProblem, keyLabel, keyProblem, keyWriteProblem } from './key-words';

const refused = (code: string, status: number) =>
  ({ kind: 'refused', body: { code, message: `${code} from the store`, status } }) as const;

describe('keyProblem', () => {
  it('explains the refusals of key management without codes or the store message', () => {
    for (const [code, status] of [
      ['last_key_manager', 409],
      ['api_key_inactive', 409],
      ['api_key_rotated', 409],
      ['api_key_not_found', 404],
      ['insufficient_scope', 403],
    ] as const) {
      const words = keyProblem(refused(code, status), 'rotate the key');
      expect(words).not.toMatch(/\d{3}|_|from the store/);
    }
    expect(keyProblem(refused('insufficient_scope', 403), 'rotate the key')).toBe(
      'This API key is not allowed to rotate the key.',
    );
  });

  it('says the rest as the rest of the app does', () => {
    expect(keyProblem({ kind: 'unreachable' }, 'revoke the key')).toBe(
      'The store could not be reached, so this app could not revoke the key. Check the connection and try again.',
    );
  });
});

describe('keyLabel', () => {
  it('tells two keys of the same name apart by their prefix', () => {
    expect(keyLabel({ name: 'deploy bot', prefix: 'as_Ab12Cd' })).toBe('“deploy bot” (as_Ab12Cd…)');
  });
});

describe('keyWriteProblem', () => {
  it('sends the admin to the list, not to retry, when a creation or rotation may have happened', () => {
    for (const failure of [
      { kind: 'unreachable' },
      { kind: 'busy', limited: false, retryAfterSeconds: 2 },
    ] as const) {
      expect(keyWriteProblem(failure, 'create the key')).toMatch(/^The answer was lost.*revoke a new key/);
    }
  });

  it('says a rate limit or a refusal as keyProblem does', () => {
    const limited = { kind: 'busy', limited: true, retryAfterSeconds: 2 } as const;
    expect(keyWriteProblem(limited, 'rotate the key')).toBe(keyProblem(limited, 'rotate the key'));
    expect(keyWriteProblem(refused('api_key_rotated', 409), 'rotate the key')).toBe(
      keyProblem(refused('api_key_rotated', 409), 'rotate the key'),
    );
  });
});

describe('keyChangeProblem', () => {
  it("says why a change was refused in the change's own words, without codes", () => {
    expect(keyChangeProblem(refused('last_key_manager', 409))).toMatch(
      /^This change would leave no active key that can manage keys.*Allow this address/,
    );
    expect(keyChangeProblem(refused('api_key_inactive', 409))).toMatch(/so it cannot be changed\./);
    for (const code of ['last_key_manager', 'api_key_inactive', 'api_key_not_found']) {
      expect(keyChangeProblem(refused(code, 409))).not.toMatch(/\d{3}|_|from the store|rotat/);
    }
    expect(keyChangeProblem({ kind: 'unreachable' })).toBe(
      keyProblem({ kind: 'unreachable' }, 'change the key'),
    );
  });
});
