import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.js';

/** A group commit over doubling numbers that records how it was called; `failing` items make their run throw. */
function doubling(failing: ReadonlySet<number> = new Set()) {
  const batches: number[][] = [];
  const alone: number[] = [];
  const double = (item: number) => {
    if (failing.has(item)) throw new Error(`item ${item} failed`);
    return item * 2;
  };
  const run = groupCommit(
    async (items: number[]) => {
      batches.push(items);
      return items.map(double);
    },
    async (item: number) => {
      alone.push(item);
      return double(item);
    },
  );
  return { run, batches, alone };
}

describe('groupCommit', () => {
  it('runs what arrives in one turn as one batch and answers each caller with its own result', async () => {
    const { run, batches, alone } = doubling();
    const results = await Promise.all([1, 2, 3, 4].map(run));
    expect(results).toStrictEqual([2, 4, 6, 8]);
    expect(batches).toStrictEqual([[1, 2, 3, 4]]);
    expect(alone).toStrictEqual([]);
  });

  it('runs a lone item on its own, and what arrives later in a batch of its own', async () => {
    const { run, batches, alone } = doubling();
    expect(await run(5)).toBe(10);
    expect(await Promise.all([6, 7].map(run))).toStrictEqual([12, 14]);
    expect(alone).toStrictEqual([5]);
    expect(batches).toStrictEqual([[6, 7]]);
  });

  it('runs each item of a failed batch again on its own: only the failing caller sees the error', async () => {
    const { run, batches, alone } = doubling(new Set([2]));
    const outcomes = await Promise.allSettled([1, 2, 3].map(run));
    expect(outcomes).toStrictEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new Error('item 2 failed') },
      { status: 'fulfilled', value: 6 },
    ]);
    expect(batches).toStrictEqual([[1, 2, 3]]);
    expect(alone).toStrictEqual([1, 2, 3]);
  });
});
