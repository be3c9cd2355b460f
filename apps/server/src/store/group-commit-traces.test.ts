import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/databases.js';
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

describe.each(testDatabaseKinds)(
  'grouped creates in the traces of the requests they serve, on $name',
  (kind) => {
    let store: TracedStore;
    beforeAll(async () => {
      store = await startTracedStore(kind);
    });
    afterAll(async () => store?.stop());

    /** One round of creates at once: each request's span and the names of the statements beneath it. */
    async function createAtOnce() {
      const callers = Array.from({ length: AT_ONCE }, () => callerSpan());
      const answers = await Promise.all(
        callers.map(async (caller, index) => {
          const response = await store.send(
            '/v1/pets',
            { traceparent: caller.traceparent },
            { method: 'POST', body: JSON.stringify({ name: `Grouped${index}`, categoryId: 1 }) },
          );
          return { status: response.status, body: (await response.json()) as { id: number } };
        }),
      );
      expect(answers).toStrictEqual(
        callers.map((_, index) => ({
          status: 201,
          body: { id: expect.any(Number), name: `Grouped${index}`, categoryId: 1 },
        })),
      );
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(AT_ONCE);
      // A request's span ends after its statements': once every request's has arrived, so have theirs.
      await expect
        .poll(() => callers.every((caller) => serverSpanOf(store.receiver.spans(), caller) !== undefined))
        .toBe(true);
      const spans = store.receiver.spans();
      return callers.map((caller) =>
        childrenOf(spans, serverSpanOf(spans, caller) as ReceivedSpan).map((span) => span.name),
      );
    }

    /** Rounds of creates at once until one shares a commit: a round where every create committed alone proves nothing. */
    async function untilShared(commitsOf: (statements: string[][]) => number) {
      let statements: string[][] = [];
      for (let round = 0; round < 20; round++) {
        statements = await createAtOnce();
        if (commitsOf(statements) < AT_ONCE) break;
      }
      return statements;
    }

    it.runIf(kind.name === 'sqlite')(
      "shows each request's own insert in its trace, when its commit was shared with others",
      async () => {
        const commits = (statements: string[][]) =>
          statements.filter((names) => names.includes('COMMIT')).length;
        const statements = await untilShared(commits);
        expect(commits(statements)).toBeLessThan(AT_ONCE);
        for (const names of statements)
          expect(names.filter((name) => name === 'INSERT pets')).toHaveLength(1);
      },
    );

    it.runIf(kind.name === 'postgres')(
      'shows the one insert of a group in the trace of the request that opened it',
      async () => {
        const inserts = (statements: string[][]) =>
          statements.flat().filter((name) => name === 'INSERT pets').length;
        const statements = await untilShared(inserts);
        expect(inserts(statements)).toBeLessThan(AT_ONCE);
        // In the trace of a request of its own group, not lost, nor in another round's request that ended before.
        expect(inserts(statements)).toBeGreaterThan(0);
      },
    );
  },
);
