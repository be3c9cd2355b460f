import { FIELD_MESSAGES } from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_KEY_FORM, toggleScope, validateKeyForm } from './key-form-values';

const NOW = new Date('2027-01-01T12:00:00');
const form = (values: Partial<typeof EMPTY_KEY_FORM>) => ({ ...EMPTY_KEY_FORM, ...values });

describe('validateKeyForm', () => {
  it('sends the name, the scopes and the expiry as an instant', () => {
    expect(
      validateKeyForm(
        form({ name: 'deploy bot', scopes: ['pets:read'], expiresAt: '2027-02-01T09:30' }),
        NOW,
      ),
    ).toStrictEqual({
      key: {
        name: 'deploy bot',
        scopes: ['pets:read'],
        expiresAt: new Date('2027-02-01T09:30').toISOString(),
      },
    });
  });

  it('sends no expiry for a key that does not expire', () => {
    expect(validateKeyForm(form({ name: 'cli', scopes: ['keys:manage'] }), NOW)).toStrictEqual({
      key: { name: 'cli', scopes: ['keys:manage'] },
    });
  });

  it("refuses a blank name and no scope with the store's messages", () => {
    expect(validateKeyForm(form({ name: '  ' }), NOW)).toStrictEqual({
      errors: { name: FIELD_MESSAGES.nameBlank, scopes: FIELD_MESSAGES.noScopes },
    });
  });

  it('refuses an expiry in the past, too far ahead, or half typed', () => {
    const valid = { name: 'ci', scopes: ['pets:read' as const] };
    const errorOf = (values: Partial<typeof EMPTY_KEY_FORM>) => {
      const result = validateKeyForm(form({ ...valid, ...values }), NOW);
      return 'errors' in result ? result.errors.expiresAt : undefined;
    };
    expect(errorOf({ expiresAt: '2027-01-01T11:59' })).toBe(FIELD_MESSAGES.expiryNotFuture);
    expect(errorOf({ expiresAt: '2029-01-02T12:01' })).toBe(FIELD_MESSAGES.expiryTooFar);
    expect(errorOf({ expiresAt: '2028-12-31T12:00' })).toBeUndefined();
    expect(errorOf({ expiresAtIncomplete: true })).toBe('must be a whole date and time, or empty');
  });
});

describe('validateKeyForm with a policy', () => {
  it('sends a rate limit and networks only when given, checked as the change form checks them', () => {
    const valid = { name: 'partner', scopes: ['pets:read' as const] };
    expect(
      validateKeyForm(form({ ...valid, rateLimit: '30', networks: '203.0.113.0/24\n' }), NOW),
    ).toStrictEqual({
      key: { ...valid, rateLimitPerMinute: 30, allowedNetworks: ['203.0.113.0/24'] },
    });
    expect(validateKeyForm(form({ ...valid, rateLimit: '0', networks: 'office' }), NOW)).toStrictEqual({
      errors: {
        rateLimitPerMinute: FIELD_MESSAGES.notRateLimit,
        allowedNetworks: `line 1: ${FIELD_MESSAGES.notNetwork}`,
      },
    });
  });
});

describe('toggleScope', () => {
  it("keeps the contract's order whatever the order of the clicks", () => {
    expect(toggleScope(toggleScope([], 'keys:manage', true), 'pets:read', true)).toStrictEqual([
      'pets:read',
      'keys:manage',
    ]);
    expect(toggleScope(['pets:read', 'keys:manage'], 'pets:read', false)).toStrictEqual(['keys:manage']);
  });
});
