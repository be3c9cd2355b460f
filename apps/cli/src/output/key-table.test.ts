import type { ApiKey } from '@animal-store/contract';
import { displayWidth } from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import { CONFIGURED_KEYS_NOTE, formatKeyTable } from './key-table.js';

const stored: ApiKey = {
  id: 12,
  name: 'ci pipeline',
  prefix: 'as_AbC123',
  scopes: ['pets:read', 'pets:write'],
  state: 'active',
  configured: false,
  createdAt: '2026-11-25T18:41:07.123Z',
  expiresAt: '2027-01-31T23:59:59.000Z',
  lastUsedAt: '2026-11-25T19:02:00.000Z',
  deprecatedCallAt: null,
  revokedAt: null,
  rotatedAt: null,
  replaces: null,
  rateLimitPerMinute: null,
  allowedNetworks: null,
};

const configured: ApiKey = {
  ...stored,
  id: 'env-1',
  name: 'API_KEYS 1',
  prefix: 'sha256:0a1b2c3d',
  scopes: ['pets:read', 'pets:write', 'keys:manage'],
  configured: true,
  createdAt: null,
  expiresAt: null,
  lastUsedAt: '2026-11-25T23:30:00-01:00',
  deprecatedCallAt: '2026-11-25T18:00:00+01:00',
};

const widest = (text: string) => Math.max(...text.split('\n').map(displayWidth));

describe('formatKeyTable', () => {
  it('shows days in UTC, never for what has not happened, and notes configured keys', () => {
    expect(formatKeyTable([stored, configured], 160)).toStrictEqual(
      [
        'ID     NAME         PREFIX           SCOPES                            EXPIRES     LAST USED   STATE',
        '12     ci pipeline  as_AbC123        pets:read pets:write              2027-01-31  2026-11-25  active',
        'env-1  API_KEYS 1   sha256:0a1b2c3d  pets:read pets:write keys:manage  never       2026-11-26  active',
        CONFIGURED_KEYS_NOTE,
        '',
      ].join('\n'),
    );
  });

  it('fits a 110-column terminal with the longest names the store allows, cutting the name alone', () => {
    const long = { ...stored, id: 1_000_000, name: `猫${'x'.repeat(99)}`, state: 'revoked' as const };
    const table = formatKeyTable([long, configured], 110);
    expect(widest(table)).toBeLessThanOrEqual(110);
    const row = table.split('\n')[1]?.split(/ {2,}/);
    expect(row?.[1]).toMatch(/^猫x+…$/);
    expect(row?.slice(2)).toStrictEqual([
      'as_AbC123',
      'pets:read pets:write',
      '2027-01-31',
      '2026-11-25',
      'revoked',
    ]);
  });

  it('leaves the name whole when the table fits', () => {
    const name = 'n'.repeat(30);
    expect(formatKeyTable([{ ...stored, name }]).split('\n')[1]).toContain(name);
  });

  it('shows revoked and expired keys with their state, and no note without a configured key', () => {
    const rows = formatKeyTable([
      { ...stored, state: 'revoked', revokedAt: '2026-11-26T08:00:00.000Z' },
      { ...stored, id: 3, state: 'expired' },
    ]).split('\n');
    expect(rows.map((row) => row.split(/ {2,}/).at(-1))).toStrictEqual(['STATE', 'revoked', 'expired', '']);
  });
});

describe('the width', () => {
  it('uses what the terminal has: a name cut at 100 columns is whole at 160', () => {
    const named = { ...stored, name: 'ui desktop dashboard (reports team)' };
    expect(formatKeyTable([named, configured], 100).split('\n')[1]).not.toContain(named.name);
    const wide = formatKeyTable([named, configured], 160);
    expect(wide.split('\n')[1]).toContain(named.name);
    expect(widest(wide)).toBeLessThanOrEqual(160);
  });
});
