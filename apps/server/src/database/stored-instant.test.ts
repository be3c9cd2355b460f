import { describe, expect, it } from 'vitest';
import { LATEST_STORED_INSTANT, storedInstant } from './stored-instant.js';

describe('storedInstant', () => {
  it.each([
    ['2027-01-31T23:59:59Z', '2027-01-31T23:59:59.000Z'],
    ['2027-02-01T01:00:00+02:00', '2027-01-31T23:00:00.000Z'],
    ['+010000-01-01T00:00:00.000Z', LATEST_STORED_INSTANT],
    ['+275760-09-13T00:00:00.000Z', LATEST_STORED_INSTANT],
    ['-000001-01-01T00:00:00.000Z', '0000-01-01T00:00:00.000Z'],
  ])('stores %s as %s', (instant, stored) => {
    expect(storedInstant(instant)).toBe(stored);
  });

  it('writes a form whose text order is time order, as SQL compares it', () => {
    const instants = ['+010000-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z', '9999-12-31T00:00:00.000Z'];
    const stored = instants.map(storedInstant);
    expect([...stored].sort()).toStrictEqual(
      [...instants].sort((a, b) => Date.parse(a) - Date.parse(b)).map(storedInstant),
    );
  });

  it('refuses what is not an instant', () => {
    expect(() => storedInstant('next week')).toThrow(RangeError);
  });
});
