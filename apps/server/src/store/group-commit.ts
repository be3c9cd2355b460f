interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs the items that arrive in the same turn of the event loop as one batch, and answers each caller with its
 * own result once the batch is done. Used for SQLite's commits (see PetCreation): each commit waits for its own
 * fsync, so a batch in one transaction makes one durable commit of many. A lone item runs on its own, without a
 * batch. Should a batch fail, each of its items is run again on its own, so that a failure reaches only the caller
 * it belongs to.
 */
export function groupCommit<Item, Result>(
  runBatch: (items: Item[]) => Promise<Result[]>,
  runOne: (item: Item) => Promise<Result>,
): (item: Item) => Promise<Result> {
  let waiting: Array<Waiting<Item, Result>> = [];

  const runAlone = ({ item, resolve, reject }: Waiting<Item, Result>) => runOne(item).then(resolve, reject);

  const flush = async () => {
    const batch = waiting;
    waiting = [];
    if (batch.length === 1) {
      await runAlone(batch[0] as Waiting<Item, Result>);
      return;
    }
    let results: Result[];
    try {
      results = await runBatch(batch.map((entry) => entry.item));
    } catch {
      await Promise.all(batch.map(runAlone));
      return;
    }
    for (const [index, entry] of batch.entries()) entry.resolve(results[index] as Result);
  };

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      // setImmediate runs after the turn's pending I/O: every request already read joins this batch.
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ item, resolve, reject });
    });
}
