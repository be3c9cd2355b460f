import { describe, expect, it } from 'vitest';
import { type KeyRow, unlinkedRotations } from './old-key-forms.js';

const HOUR = 3600_000;
const at = (ms: number) => new Date(ms).toISOString();
const t0 = Date.parse('2026-11-25T20:00:00.000Z');

const key = (row: Partial<KeyRow> & Pick<KeyRow, 'id'>): KeyRow => ({
  name: 'ci',
  scopes: 'pets:read',
  created_at: at(t0),
  expires_at: null,
  rotated_at: null,
  replaces_id: null,
  ...row,
});

const pairs = (keys: KeyRow[]) =>
  unlinkedRotations(keys).map(({ replaced, successor }) => [replaced.id, successor.id]);

describe('unlinkedRotations: rotations stored before their mark and link', () => {
  it('finds a rotation whose overlap moved the old expiry to the rotation plus whole hours', () => {
    const rotation = t0 + 5 * HOUR;
    const keys = [
      key({ id: 1, expires_at: at(rotation - 3 + 2 * HOUR) }),
      key({ id: 2, created_at: at(rotation) }),
    ];
    expect(pairs(keys)).toStrictEqual([[1, 2]]);
  });

  it('finds a rotation that kept a sooner expiry and gave the successor the old lifetime', () => {
    const rotation = t0 + 5 * HOUR;
    const keys = [
      key({ id: 1, expires_at: at(t0 + 10 * HOUR + 1234) }),
      key({ id: 2, created_at: at(rotation + 4), expires_at: at(rotation + 10 * HOUR + 1234) }),
    ];
    expect(pairs(keys)).toStrictEqual([[1, 2]]);
  });

  it('finds one marked by migration 005 but not linked, by the mark', () => {
    const keys = [key({ id: 1, rotated_at: at(t0 + HOUR) }), key({ id: 2, created_at: at(t0 + HOUR + 2) })];
    expect(pairs(keys)).toStrictEqual([[1, 2]]);
  });

  it('links a chain of rotations each to the key before it, and leaves linked keys alone', () => {
    const keys = [
      key({ id: 1, expires_at: at(t0 + HOUR + 24 * HOUR - 5) }),
      key({ id: 2, created_at: at(t0 + HOUR), expires_at: at(t0 + 2 * HOUR) }),
      key({ id: 3, created_at: at(t0 + 2 * HOUR) }),
      key({ id: 4, rotated_at: at(t0 + 3 * HOUR) }),
      key({ id: 5, created_at: at(t0 + 3 * HOUR), replaces_id: 4 }),
    ];
    expect(pairs(keys)).toStrictEqual([
      [1, 2],
      [2, 3],
    ]);
  });

  it('takes no key of another name or scopes, no key without an expiry, and no expiry off the hour', () => {
    const rotation = t0 + 5 * HOUR;
    const keys = [
      key({ id: 1, name: 'other', expires_at: at(rotation + HOUR) }),
      key({ id: 2, scopes: 'pets:read pets:write', expires_at: at(rotation + HOUR) }),
      key({ id: 3 }),
      key({ id: 4, expires_at: at(rotation + HOUR + 20 * 60_000) }),
      key({ id: 5, created_at: at(rotation) }),
    ];
    expect(pairs(keys)).toStrictEqual([]);
  });
});
