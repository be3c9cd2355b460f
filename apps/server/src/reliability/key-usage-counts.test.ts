import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlOf, type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import {
  makeReaderKey,
  NO_USAGE,
  sendMixedTraffic,
  USAGE_MANAGER_KEY,
  type UsageTotals,
  usageTotals,
} from '../test-support/key-usage-traffic.js';
import { runServerScript } from '../test-support/server-process.js';
import { useTwoWorkers } from '../test-support/two-workers.js';

const plus = (a: UsageTotals, b: UsageTotals): UsageTotals => ({
  answered: a.answered + b.answered,
  refused: a.refused + b.refused,
  limited: a.limited + b.limited,
  failed: a.failed + b.failed,
});

describe.each(testDatabaseKinds)('usage counted by a real process on $name', (kind) => {
  let database: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await kind.create();
    // A small budget, so that the key's own limit answers 429s too.
    env = {
      DATABASE_URL: databaseUrlOf(database.config),
      API_KEYS: USAGE_MANAGER_KEY,
      RATE_LIMIT_PER_MINUTE: '30',
    };
  });

  afterAll(async () => {
    await database.drop();
  });

  it('counts each kind of answer, and a graceful stop writes every count (the interval never comes)', async () => {
    const first = runServerScript('src/main.ts', env);
    const origin = await first.listening;
    const reader = await makeReaderKey(origin);
    const sent = await sendMixedTraffic(origin, reader.key, 10);
    expect(sent.limited).toBeGreaterThan(0);
    expect(await first.stop()).toBe(0);

    const second = runServerScript('src/main.ts', env);
    try {
      expect(await usageTotals(await second.listening, reader.id)).toStrictEqual(sent);
    } finally {
      await second.stop();
    }
  });

  it('loses at most what was counted since the last write to a SIGKILL', async () => {
    const first = runServerScript('src/main.ts', {
      ...env,
      RATE_LIMIT_PER_MINUTE: '100000',
      KEY_USAGE_WRITE_SECONDS: '1',
    });
    const origin = await first.listening;
    const reader = await makeReaderKey(origin);
    const written = await sendMixedTraffic(origin, reader.key, 3);
    // Read back as written by the interval, with no stop to help.
    await expect.poll(() => usageTotals(origin, reader.id), { timeout: 20_000 }).toStrictEqual(written);
    const unwritten = await sendMixedTraffic(origin, reader.key, 2);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = runServerScript('src/main.ts', env);
    try {
      const kept = await usageTotals(await second.listening, reader.id);
      // The last second's counts may or may not have been written; none written before is lost, none counted twice.
      expect([written, plus(written, unwritten)]).toContainEqual(kept);
    } finally {
      await second.stop();
    }
  });
});

describe('usage counted by two workers on postgres', () => {
  const workers = useTwoWorkers({ API_KEYS: USAGE_MANAGER_KEY, KEY_USAGE_WRITE_SECONDS: '1' });

  it('adds up what each worker counted', async () => {
    const { origin, pidsAnswering } = workers();
    const reader = await makeReaderKey(origin);
    const sent = await sendMixedTraffic(origin, reader.key, 6);
    await expect.poll(() => pidsAnswering(200).size).toBe(2);
    await expect.poll(() => usageTotals(origin, reader.id), { timeout: 20_000 }).toStrictEqual(sent);
    expect(sent).not.toStrictEqual(NO_USAGE);
  });
});
