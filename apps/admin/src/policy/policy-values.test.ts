import { FIELD_MESSAGES, MAX_ALLOWED_NETWORKS } from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import { aboutRange, parsePolicy, policyText } from './policy-values';

describe('parsePolicy', () => {
  it('reads an empty limit as the default and empty networks as any network', () => {
    expect(parsePolicy({ rateLimit: ' ', networks: '\n \n' })).toStrictEqual({
      policy: { rateLimitPerMinute: null, allowedNetworks: null },
    });
  });

  it('reads a limit and one range a line, blank lines and spaces left out', () => {
    expect(
      parsePolicy({ rateLimit: ' 120 ', networks: '203.0.113.0/24\n\n  2001:db8::/32 \n' }),
    ).toStrictEqual({
      policy: { rateLimitPerMinute: 120, allowedNetworks: ['203.0.113.0/24', '2001:db8::/32'] },
    });
  });

  it("refuses what the store refuses, with the store's messages, naming the line of a wrong range", () => {
    for (const rateLimit of ['0', '2.5', '1e3', '-4', 'ten']) {
      expect(parsePolicy({ rateLimit, networks: '' })).toStrictEqual({
        errors: { rateLimitPerMinute: FIELD_MESSAGES.notRateLimit },
      });
    }
    expect(parsePolicy({ rateLimit: '', networks: '10.0.0.0/8\n\n10.0.0.1' })).toStrictEqual({
      errors: { allowedNetworks: `line 3: ${FIELD_MESSAGES.notNetwork}` },
    });
    const tooMany = Array.from({ length: MAX_ALLOWED_NETWORKS + 1 }, (_, i) => `10.${i}.0.0/16`).join('\n');
    expect(parsePolicy({ rateLimit: '', networks: tooMany })).toStrictEqual({
      errors: { allowedNetworks: FIELD_MESSAGES.tooManyNetworks },
    });
  });
});

describe('policyText and aboutRange', () => {
  it('shows a policy as it is typed, and names the range a message of the store is about', () => {
    expect(policyText({ rateLimitPerMinute: 60, allowedNetworks: ['10.0.0.0/8', '::1/128'] })).toStrictEqual({
      rateLimit: '60',
      networks: '10.0.0.0/8\n::1/128',
    });
    expect(policyText({ rateLimitPerMinute: null, allowedNetworks: null })).toStrictEqual({
      rateLimit: '',
      networks: '',
    });
    expect(aboutRange(['10.0.0.0/8', '10.0.0.1/8'], 1, 'must have no address bits set')).toBe(
      '10.0.0.1/8: must have no address bits set',
    );
  });
});
