import { PetListSchema, PetSchema } from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlOf, type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { runServerScript } from '../test-support/server-process.js';

const API_KEY = 'crash-test-key-0123456789';
const headers = { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' };

/** Every animal the store lists, following next links to the end. */
async function listAll(origin: string) {
  const pets = [];
  let url: string | undefined = `${origin}/v1/pets?limit=100`;
  while (url) {
    const response: Response = await fetch(url, { headers });
    pets.push(...PetListSchema.parse(await response.json()));
    // The link is relative to the URL it answered (RFC 8288).
    const next = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1];
    url = next === undefined ? undefined : new URL(next, url).href;
  }
  return pets;
}

describe.each(testDatabaseKinds)('SIGKILL during a stream of creates on $name', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await kind.create();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('keeps every animal that got a 201, exactly once', async () => {
    const DATABASE_URL = databaseUrlOf(database.config);
    const env = { DATABASE_URL, API_KEYS: API_KEY };
    const first = runServerScript('src/main.ts', env);
    const origin = await first.listening;

    const acknowledged: Array<{ id: number; name: string }> = [];
    let sent = 0;
    const writer = async (worker: number) => {
      for (let index = 0; ; index++) {
        sent++;
        try {
          const response = await fetch(`${origin}/v1/pets`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ name: `w${worker}-${index}`, categoryId: 1 }),
          });
          if (response.status === 201) acknowledged.push(PetSchema.parse(await response.json()));
        } catch {
          return; // The process is gone: this request may or may not have been committed, but it was never acknowledged.
        }
      }
    };
    const writers = Promise.all([1, 2, 3, 4].map(writer));
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThan(50);
    first.child.kill('SIGKILL');
    await writers;
    await first.exited;

    const second = runServerScript('src/main.ts', env);
    try {
      const stored = await listAll(await second.listening);
      const storedNames = stored.map((pet) => pet.name);
      expect(new Set(storedNames).size).toBe(storedNames.length);
      for (const pet of acknowledged) expect(stored).toContainEqual(pet);
      // At most the requests in flight at the kill were committed without an acknowledgement.
      expect(stored.length - acknowledged.length).toBeLessThanOrEqual(4);
      expect(sent).toBeGreaterThan(acknowledged.length);
    } finally {
      second.child.kill('SIGKILL');
    }
  });
});
