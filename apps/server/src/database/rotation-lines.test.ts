import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories, type Repositories } from '../store/repositories.js';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { firstKeyOfLine, keyNamespace, scopeRecordsByRotationLine } from './rotation-lines.js';

/** A digest of its own for each key: the letter, 64 times. */
const digest = (letter: string) => letter.repeat(64);

describe.each(testDatabaseKinds)('rotation lines on $name', (kind) => {
  let database: TestDatabase;
  let store: Repositories;
  const ids: Record<string, number> = {};

  /** Keys a, b (replaces a), c (replaces b); d made anew; e whose predecessor is no longer stored. */
  beforeAll(async () => {
    database = await kind.create();
    store = await openRepositories(database.config);
    const insert = async (letter: string, replacesId: number | null) => {
      const row = await store.database.db
        .insertInto('api_keys')
        .values({
          name: letter,
          key_hash: digest(letter),
          key_prefix: `as_${letter}`,
          created_at: '2026-12-01T00:00:00.000Z',
          revoked_at: null,
          scopes: 'pets:write',
          expires_at: null,
          last_used_at: null,
          deprecated_call_at: null,
          rotated_at: null,
          replaces_id: replacesId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[letter] = Number(row.id);
    };
    await insert('a', null);
    await insert('b', ids.a as number);
    await insert('c', ids.b as number);
    await insert('d', null);
    await insert('e', 999_999);
  });

  afterAll(async () => {
    await store.database.close();
    await database.drop();
  });

  it('finds the first key of each line, the key itself for a key made anew or cut off', async () => {
    const firstOf = async (letter: string) => firstKeyOfLine(store.database.db, ids[letter] as number);
    expect(await Promise.all(['a', 'b', 'c', 'd', 'e'].map(firstOf))).toStrictEqual(
      ['a', 'a', 'a', 'd', 'e'].map(digest),
    );
    expect(await firstKeyOfLine(store.database.db, 888_888)).toBeUndefined();
  });

  it("moves each successor's records to its line's namespace, keeping the later of two records of a request", async () => {
    const { db } = store.database;
    const scope = (letter: string) => keyNamespace(digest(letter));
    // As earlier releases wrote them: each under the namespace of the key that sent it.
    const record = (letter: string, key: string, createdAtMs: number) => ({
      scope: scope(letter),
      key,
      request_hash: `${letter}-${key}`,
      response_status: 201,
      response_body: '{}',
      created_at_ms: createdAtMs,
    });
    await db
      .insertInto('idempotency_keys')
      .values([
        record('a', 'only-a', 100),
        record('a', 'a-later', 300),
        record('b', 'a-later', 200),
        record('a', 'c-later', 100),
        record('c', 'c-later', 400),
        record('b', 'only-b', 150),
        record('c', 'tie', 500),
        record('a', 'tie', 500),
        record('d', 'only-a', 100),
        record('e', 'only-e', 100),
      ])
      .execute();

    await scopeRecordsByRotationLine(db);

    const inOrder = <Row extends { scope: string; key: string }>(rows: Row[]) =>
      rows.sort((x, y) => `${x.scope} ${x.key}`.localeCompare(`${y.scope} ${y.key}`));
    const rows = await db.selectFrom('idempotency_keys').select(['scope', 'key', 'request_hash']).execute();
    const moved = (line: string, key: string, sentBy: string) => ({
      scope: scope(line),
      key,
      request_hash: `${sentBy}-${key}`,
    });
    expect(inOrder(rows)).toStrictEqual(
      inOrder([
        moved('a', 'a-later', 'a'),
        moved('a', 'c-later', 'c'),
        moved('a', 'only-a', 'a'),
        moved('a', 'only-b', 'b'),
        moved('a', 'tie', 'a'),
        moved('d', 'only-a', 'd'),
        moved('e', 'only-e', 'e'),
      ]),
    );
  });
});
