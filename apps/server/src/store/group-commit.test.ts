import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.js';

class ItemError extends Error {}

/**
 * A group commit over doubling numbers that records how it was called: items in `failing` make any run that holds
 * them throw an ItemError; `batchError`, when set, makes every batch throw it instead.
 */
function doubling({
  failing = new Set<number>(),
  batchError,
}: {
  failing?: Set<number>;
  batchError?: Error;
} = {}) {
  const batches: number[][] = [];
  const alone: number[] = [];
  const double = (item: number) => {
    if (failing.has(item)) throw new ItemError(`item ${item} failed`);
    return item * 2;
  };
  const run = groupCommit(
    async (items: number[]) => {
      batches.push(items);
      if (batchError) throw batchError;
      return items.map(double);
    },
    async (item: number) => {
      alone.push(item);
      return double(item);
    },
    (error) => error instanceof ItemError,
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

  it('runs each item of a batch that failed because of one again on its own: only its caller sees the error', async () => {
    const { run, batches, alone } = doubling({ failing: new Set([2]) });
    const outcomes = await Promise.allSettled([1, 2, 3].map(run));
    expect(outcomes).toStrictEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new ItemError('item 2 failed') },
      { status: 'fulfilled', value: 6 },
    ]);
    expect(batches).toStrictEqual([[1, 2, 3]]);
    expect(alone).toStrictEqual([1, 2, 3]);
  });

  it('gives every caller a failure of the batch itself, and runs nothing again', async () => {
    const busy = new Error('database is locked');
    const { run, batches, alone } = doubling({ batchError: busy });
    const outcomes = await Promise.allSettled([1, 2, 3].map(run));
    expect(outcomes).toStrictEqual([1, 2, 3].map(() => ({ status: 'rejected', reason: busy })));
    expect(batches).toStrictEqual([[1, 2, 3]]);
    expect(alone).toStrictEqual([]);
  });

  it("runs each item's work of a batch in the context of the caller that brought it", async () => {
    const caller = new AsyncLocalStorage<string>();
    const seen: Array<string | undefined> = [];
    const run = groupCommit(
      async (items: string[], asCallers) =>
        items.map((item, index) => asCallers[index]?.(() => seen.push(caller.getStore()) && item) ?? ''),
      async (item: string) => item,
      () => false,
    );
    await Promise.all(['first', 'second', 'third'].map((name) => caller.run(name, () => run(name))));
    expect(seen).toStrictEqual(['first', 'second', 'third']);
  });

  it('with one batch in flight, runs what arrives meanwhile as the next batch once it ends', async () => {
    const batches: number[][] = [];
    let endFirst: () => void = () => {};
    const firstEnded = new Promise<void>((resolve) => {
      endFirst = resolve;
    });
    const run = groupCommit(
      async (items: number[]) => {
        batches.push(items);
        if (batches.length === 1) await firstEnded;
        return items;
      },
      async (item: number) => item,
      () => false,
      undefined,
      1,
    );
    const first = Promise.all([1, 2].map(run));
    await new Promise((resolve) => setImmediate(resolve));
    // Three turns of the event loop while the first batch runs: their items wait, and then go as one batch.
    const later: Array<Promise<number>> = [];
    for (const item of [3, 4, 5]) {
      later.push(run(item));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(batches).toStrictEqual([[1, 2]]);
    endFirst();
    expect(await first).toStrictEqual([1, 2]);
    expect(await Promise.all(later)).toStrictEqual([3, 4, 5]);
    expect(batches).toStrictEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });
});
