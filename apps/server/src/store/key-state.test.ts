import { describe, expect, it } from 'vitest';
import { keyState } from './key-state.js';

const now = '2026-11-26T12:00:00.000Z';

describe('keyState', () => {
  it.each([
    [null, 'active'],
    ['2026-11-26T12:00:01.000Z', 'active'],
    ['2026-11-26T12:00:00.000Z', 'expired'],
    // As text, '+' sorts before '2': the six-digit year would read as long past.
    ['+010000-01-01T00:00:00.000Z', 'active'],
    ['-000001-01-01T00:00:00.000Z', 'expired'],
  ])('a key that expires at %s is %s', (expiresAt, state) => {
    expect(keyState({ revokedAt: null, expiresAt }, now)).toBe(state);
  });

  it('a revoked key is revoked, whatever its expiry', () => {
    expect(keyState({ revokedAt: now, expiresAt: null }, now)).toBe('revoked');
  });
});
