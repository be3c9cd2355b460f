import { describe, expect, it } from 'vitest';
import { answerOf, KeptAnswers } from './kept-answers.js';

const pet = (id: number) => ({ id, name: `Animal ${id}`, categoryId: 1 });

describe('answers kept within a byte budget', () => {
  it('tags an answer by its bytes: the same body, the same strong tag', () => {
    expect(answerOf(pet(1)).etag).toBe(answerOf(pet(1)).etag);
    expect(answerOf(pet(1)).etag).not.toBe(answerOf(pet(2)).etag);
    expect(answerOf(pet(1)).bytes.toString()).toBe(JSON.stringify(pet(1)));
  });

  it('forgets the least recently used first, and stays within its budget', () => {
    const oneEntry = new KeptAnswers(Number.MAX_SAFE_INTEGER);
    oneEntry.keep('1', answerOf(pet(1)));
    const kept = new KeptAnswers(oneEntry.size * 3);
    for (const id of [1, 2, 3]) kept.keep(String(id), answerOf(pet(id)));
    expect(kept.get('1')).toBeDefined();
    kept.keep('4', answerOf(pet(4)));
    expect([1, 2, 3, 4].map((id) => kept.get(String(id)) !== undefined)).toStrictEqual([
      true,
      false,
      true,
      true,
    ]);
    expect(kept.size).toBeLessThanOrEqual(oneEntry.size * 3);
  });

  it('keeps nothing with a budget of 0, or an answer larger than the budget', () => {
    const none = new KeptAnswers(0);
    none.keep('1', answerOf(pet(1)));
    expect(none.get('1')).toBeUndefined();
    const small = new KeptAnswers(200);
    small.keep('big', answerOf(Array.from({ length: 20 }, (_, id) => pet(id))));
    expect(small.get('big')).toBeUndefined();
    expect(small.size).toBe(0);
  });
});
