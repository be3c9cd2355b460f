/** Answers kept at most: enough for a traversal's pages and the animals a program reads again. */
const MAX_KEPT = 256;

/** A read's answer: 304 when the answer named by If-None-Match still holds. */
type ReadAnswer<Value> = { status: 200; body: Value; headers: Headers } | { status: 304; headers: Headers };

/**
 * The store's reads of the catalogue carry a strong ETag, and an answer whose tag the client sends back is 304
 * without a body, not counted against the rate limit. The last answers are kept by what was asked, the least
 * recently used forgotten first; each caller gets a copy of its own.
 */
export function keptReads() {
  const kept = new Map<string, { etag: string; value: unknown; headers: Headers }>();
  return async function read<Value>(
    key: string,
    call: (ifNoneMatch: string | undefined) => Promise<ReadAnswer<Value>>,
  ): Promise<{ value: Value; headers: Headers }> {
    const held = kept.get(key);
    kept.delete(key);
    const answer = await call(held?.etag);
    if (answer.status === 304 && held) {
      kept.set(key, held);
      // The headers of the answer kept: a 304 carries its tag, not its `Link`.
      return { value: structuredClone(held.value) as Value, headers: held.headers };
    }
    if (answer.status !== 200) throw new Error('304 without an answer kept');
    const etag = answer.headers.get('etag');
    if (etag) {
      kept.set(key, { etag, value: structuredClone(answer.body), headers: answer.headers });
      for (const oldest of kept.keys()) {
        if (kept.size <= MAX_KEPT) break;
        kept.delete(oldest);
      }
    }
    return { value: answer.body, headers: answer.headers };
  };
}
