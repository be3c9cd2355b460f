import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { HOUR_MS } from './key-usage-repository.js';
import { openRepositories, type Repositories } from './repositories.js';

const DAYS = ['2031-01-10', '2031-02-10', '2031-03-10'].map((day) => Date.parse(`${day}T08:00:00.000Z`));
const counts = { answered: 1, refused: 0, limited: 0, failed: 0 };

describe.each(testDatabaseKinds)('API key usage retention on $name', (kind) => {
  let database: TestDatabase;
  let store: Repositories;

  beforeAll(async () => {
    database = await kind.create();
    store = await openRepositories(database.config);
    await store.keyUsage.add(DAYS.flatMap((hourMs) => [1, 2].map((keyId) => ({ keyId, hourMs, ...counts }))));
  });

  afterAll(async () => {
    await store.database.close();
    await database.drop();
  });

  const answeredOn = async (keyId: number) =>
    (await store.keyUsage.hoursOf(keyId, DAYS[0] as number, (DAYS[2] as number) + HOUR_MS))
      .filter((hour) => hour.answered > 0)
      .map((hour) => hour.hour);

  it('prunes the hours that began before the bound, for every key, and keeps the rest', async () => {
    expect(await store.keyUsage.prune('2031-02-10T08:00:00.000Z')).toBe(2);
    for (const keyId of [1, 2]) {
      expect(await answeredOn(keyId)).toStrictEqual(['2031-02-10T08:00:00.000Z', '2031-03-10T08:00:00.000Z']);
    }
    expect(await store.keyUsage.prune('2031-02-10T08:00:00.000Z')).toBe(0);
  });
});
