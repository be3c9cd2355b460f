import { describe, expect, it } from 'vitest';
import { inTurnsFrom } from './run-suite.js';

describe('inTurnsFrom', () => {
  it('starts each round one contender further, so that none always follows the same one', () => {
    const contenders = ['store', 'store-metrics', 'express'];
    const rounds = [0, 1, 2, 3].map((round) => inTurnsFrom(contenders, round));
    expect(rounds).toStrictEqual([
      ['store', 'store-metrics', 'express'],
      ['store-metrics', 'express', 'store'],
      ['express', 'store', 'store-metrics'],
      ['store', 'store-metrics', 'express'],
    ]);
  });
});
