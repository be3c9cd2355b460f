import { describe, expect, it } from 'vitest';
import { expiryAsTyped } from './rules.js';

describe('expiryAsTyped', () => {
  it.each([
    ['2027-01-31', '2027-01-31T23:59:59Z'],
    ['2027-01-31T12:00:00Z', '2027-01-31T12:00:00Z'],
    ['2027-01-31T12:00:00+02:00', '2027-01-31T12:00:00+02:00'],
    ['tomorrow', 'tomorrow'],
    ['2027-1-31', '2027-1-31'],
  ])('reads %s as %s', (typed, instant) => {
    expect(expiryAsTyped(typed)).toBe(instant);
  });
});
