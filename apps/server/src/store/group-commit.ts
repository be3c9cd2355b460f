import { AsyncLocalStorage } from 'node:async_hooks';

/** Runs `work` in the asynchronous context of the caller that brought an item (its request, and so its trace). */
export type AsCaller = <T>(work: () => T) => T;

interface Waiting<Item, Result> {
  item: Item;
  asCaller: AsCaller;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs the items that arrive in the same turn of the event loop as one batch, and answers each caller with its
 * own result once the batch is done. Used for creates (see PetCreation): each commit waits for its own flush to
 * disk, so a batch in one transaction makes one durable commit of many. A lone item runs on its own.
 *
 * With `batchesInFlight`, at most that many batches run at once: the items that arrive meanwhile wait, and go
 * together as the next batch as soon as one ends, so that the busier the store, the larger its batches.
 *
 * A batch runs in the context of the caller that opened it; `runBatch` is given, beside the items, a way to run
 * each item's own work in the context of the caller that brought it, so that the work shows in that caller's trace
 * rather than in the opener's. An item run on its own runs in its caller's context.
 *
 * A batch that fails because of one of its items (`failedBecauseOfAnItem`, e.g. a constraint violation) runs each
 * item again on its own, so that the failure reaches only the caller it belongs to. Any other failure (the database
 * busy, unreachable or failing to write) is every caller's: each gets it, and nothing is run again, since a second
 * attempt would only wait as long again, and after a failed commit the first may have been stored after all.
 */
export function groupCommit<Item, Result>(
  runBatch: (items: Item[], asCallers: AsCaller[]) => Promise<Result[]>,
  runOne: (item: Item) => Promise<Result>,
  failedBecauseOfAnItem: (error: unknown) => boolean,
  onBatch?: (size: number) => void,
  batchesInFlight = Number.POSITIVE_INFINITY,
): (item: Item) => Promise<Result> {
  let waiting: Array<Waiting<Item, Result>> = [];
  let running = 0;

  const runAlone = ({ item, asCaller, resolve, reject }: Waiting<Item, Result>) =>
    Promise.resolve()
      .then(() => asCaller(() => runOne(item)))
      .then(resolve, reject);

  const runTogether = async (batch: Array<Waiting<Item, Result>>) => {
    let results: Result[];
    try {
      results = await runBatch(
        batch.map((entry) => entry.item),
        batch.map((entry) => entry.asCaller),
      );
      if (results.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} returned ${results.length} results`);
      }
    } catch (error) {
      if (failedBecauseOfAnItem(error)) await Promise.all(batch.map(runAlone));
      else for (const entry of batch) entry.reject(error);
      return;
    }
    for (const [index, entry] of batch.entries()) entry.resolve(results[index] as Result);
  };

  const flush = () => {
    if (waiting.length === 0 || running >= batchesInFlight) return;
    const batch = waiting;
    waiting = [];
    onBatch?.(batch.length);
    running++;
    // Neither run rejects: each answers its callers itself.
    const opener = batch[0] as Waiting<Item, Result>;
    // In the opener's context even when the batch starts as another ends, in whatever context that one ran.
    void opener
      .asCaller(() => (batch.length === 1 ? runAlone(opener) : runTogether(batch)))
      .then(() => {
        running--;
        flush();
      });
  };

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      // setImmediate runs after the turn's pending I/O: every request already read joins this batch.
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ item, asCaller: AsyncLocalStorage.snapshot(), resolve, reject });
    });
}
