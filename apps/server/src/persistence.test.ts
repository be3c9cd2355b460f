import { PetSchema } from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTestDatabase, type TestDatabase } from './test-support/databases.js';
import { startTestServer } from './test-support/test-server.js';

describe('persistence', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await sqliteTestDatabase.create();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('keeps every acknowledged animal across a restart of the app on the same SQLite file', async () => {
    const first = await startTestServer(database.config);
    const created: Array<{ id: number }> = [];
    for (const name of ['Rex', 'Tom', 'Kit']) {
      const response = await first.request('/v1/pets', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, categoryId: 1 }),
      });
      created.push(PetSchema.parse(await response.json()));
    }
    await first.close();

    const second = await startTestServer(database.config);
    const listed = await (await second.request('/v1/pets')).json();
    const next = PetSchema.parse(
      await (
        await second.request('/v1/pets', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"name":"After","categoryId":1}',
        })
      ).json(),
    );
    await second.close();

    expect(listed).toStrictEqual(created);
    expect(next.id).toBeGreaterThan(created.at(-1)?.id ?? Number.POSITIVE_INFINITY);
  });
});
