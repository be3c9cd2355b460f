import type { ApiKey } from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import { formatKeyTable } from './key-table.js';

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
};

const configured: ApiKey = {
  ...stored,
  id: 'env-1',
  name: 'API_KEYS 1',
  prefix: 'cli-tes',
  scopes: ['pets:read', 'pets:write', 'keys:manage'],
  configured: true,
  createdAt: null,
  expiresAt: null,
  lastUsedAt: null,
  deprecatedCallAt: '2026-11-25T18:00:00+01:00',
};

describe('formatKeyTable', () => {
  it('shows times in UTC to the minute, never for what has not happened, and marks configured keys', () => {
    expect(formatKeyTable([stored, configured])).toStrictEqual(
      [
        'ID     NAME         PREFIX     SCOPES                            CREATED            EXPIRES            LAST USED          LAST DEPRECATED CALL  STATE',
        '12     ci pipeline  as_AbC123  pets:read,pets:write              2026-11-25T18:41Z  2027-01-31T23:59Z  2026-11-25T19:02Z  never                 active',
        'env-1  API_KEYS 1   cli-tes    pets:read,pets:write,keys:manage  -                  never              never              2026-11-25T17:00Z     active (API_KEYS)',
        '',
      ].join('\n'),
    );
  });

  it('shows revoked and expired keys with their state', () => {
    const rows = formatKeyTable([
      { ...stored, state: 'revoked', revokedAt: '2026-11-26T08:00:00.000Z' },
      { ...stored, id: 3, state: 'expired' },
    ]).split('\n');
    expect(rows.map((row) => row.split(/ {2,}/).at(-1))).toStrictEqual(['STATE', 'revoked', 'expired', '']);
  });
});
