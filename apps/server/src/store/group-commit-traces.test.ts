import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTestDatabase } from '../test-support/databases.js';
import type { ReceivedSpan } from '../test-support/otlp-receiver.js';
import {
  callerSpan,
  childrenOf,
  serverSpanOf,
  startTracedStore,
  type TracedStore,
} from '../test-support/traced-store.js';

/** Creates sent at once, so that they arrive in one turn of the store's event loop and share a commit. */
const AT_ONCE = 8;

describe('grouped SQLite commits in the traces of the requests they serve', () => {
  let store: TracedStore;
  beforeAll(async () => {
    store = await startTracedStore(sqliteTestDatabase);
  });
  afterAll(async () => store?.stop());

  /** One round of creates at once: each request's span and the names of the statements beneath it. */
  async function createAtOnce() {
    const callers = Array.from({ length: AT_ONCE }, () => callerSpan());
    const statuses = await Promise.all(
      callers.map(async (caller, index) => {
        const response = await store.send(
          '/v1/pets',
          { traceparent: caller.traceparent },
          { method: 'POST', body: JSON.stringify({ name: `Grouped${index}`, categoryId: 1 }) },
        );
        return response.status;
      }),
    );
    expect(statuses).toStrictEqual(Array(AT_ONCE).fill(201));
    // A request's span ends after its statements': once every request's has arrived, so have theirs.
    await expect
      .poll(() => callers.every((caller) => serverSpanOf(store.receiver.spans(), caller) !== undefined))
      .toBe(true);
    const spans = store.receiver.spans();
    return callers.map((caller) =>
      childrenOf(spans, serverSpanOf(spans, caller) as ReceivedSpan).map((span) => span.name),
    );
  }

  it("shows each request's own insert in its trace, when its commit was shared with others", async () => {
    // Requests arrive together on most rounds; a round where every create committed alone proves nothing.
    let statements: string[][] = [];
    for (let round = 0; round < 20; round++) {
      statements = await createAtOnce();
      const commits = statements.filter((names) => names.includes('COMMIT')).length;
      if (commits < AT_ONCE) break;
    }
    expect(statements.filter((names) => names.includes('COMMIT')).length).toBeLessThan(AT_ONCE);
    for (const names of statements) expect(names.filter((name) => name === 'INSERT pets')).toHaveLength(1);
  });
});
