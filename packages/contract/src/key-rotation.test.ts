import { describe, expect, it } from 'vitest';
import { rotationInWords } from './key-rotation.js';

const key = (id: number, rotatedAt: string | null, replaces: number | null) => ({ id, rotatedAt, replaces });

describe('rotationInWords', () => {
  const first = key(3, '2026-11-26T12:00:00.000Z', null);
  const second = key(4, '2026-11-26T13:00:00.000Z', 3);
  const third = key(5, null, 4);
  const keys = [third, second, first, key(6, null, null)];

  it.each([
    [first, 'replaced by 4'],
    [second, 'replaces 3, replaced by 5'],
    [third, 'replaces 4'],
    [key(6, null, null), undefined],
  ])('says how key %o is linked', (each, words) => {
    expect(rotationInWords(each, keys)).toBe(words);
  });

  it('says rotated when the successor is not in the list', () => {
    expect(rotationInWords(first, [first])).toBe('rotated');
  });
});
