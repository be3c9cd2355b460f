import { PetSchema } from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../keys/api-key.js';
import { IDEMPOTENCY_TTL_MS } from '../store/idempotency-repository.js';
import { hashNewPet } from '../store/pet-creation.js';
import { testDatabaseKinds } from '../test-support/databases.js';
import { aJson, anError, see } from '../test-support/http-assertions.js';
import { useTestServer } from '../test-support/use-test-server.js';

describe.each(testDatabaseKinds)('Idempotency-Key on $name', (kind) => {
  const server = useTestServer(kind);

  const create = (key: string, body: unknown, apiKey = server().apiKey) =>
    fetch(`${server().baseUrl}/pets`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
    });
  const countNamed = async (name: string) => {
    const rows = await server()
      .store.database.db.selectFrom('pets')
      .select('id')
      .where('name', '=', name)
      .execute();
    return rows.length;
  };

  it('replays the first response for a repeat with the same key and body', async () => {
    const first = await create('key-replay', { name: 'Once', categoryId: 1 });
    const firstSeen = await see(first);
    const repeat = await create('key-replay', { categoryId: 1, name: 'Once' });
    expect(await see(repeat)).toStrictEqual(firstSeen);
    expect([
      first.headers.get('idempotent-replayed'),
      repeat.headers.get('idempotent-replayed'),
    ]).toStrictEqual([null, 'true']);
    expect(repeat.headers.get('location')).toBe(first.headers.get('location'));
    expect(await countNamed('Once')).toBe(1);
  });

  it('422 for the same key with a different body, and creates nothing', async () => {
    await create('key-reused', { name: 'First', categoryId: 1 });
    expect(await see(await create('key-reused', { name: 'Second', categoryId: 1 }))).toStrictEqual(
      anError(422, 'idempotency_key_reused', 'This Idempotency-Key was used with a different body.'),
    );
    expect(await countNamed('Second')).toBe(0);
  });

  it('409 with Retry-After while the first request with the key is in progress', async () => {
    const client = await server().store.apiKeys.create('in-progress');
    const scope = hashApiKey(client.key).slice(0, 24);
    // The state a concurrent request leaves between its claim and its commit.
    const requestHash = hashNewPet({ name: 'Busy', categoryId: 1 });
    expect(await server().store.idempotencyKeys.claim({ scope, key: 'key-busy', requestHash })).toStrictEqual(
      {
        kind: 'claimed',
        claim: { scope, key: 'key-busy', requestHash, claimedAtMs: expect.any(Number) },
      },
    );
    const response = await create('key-busy', { name: 'Busy', categoryId: 1 }, client.key);
    expect(await see(response)).toStrictEqual(
      anError(409, 'idempotency_request_in_progress', 'A request with this Idempotency-Key is in progress.'),
    );
    expect(response.headers.get('retry-after')).toBe('1');
  });

  it('creates exactly one animal for concurrent requests with one key', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => create('key-race', { name: 'Raced', categoryId: 2 })),
    );
    const seen = await Promise.all(responses.map(see));
    const created = seen.filter((response) => response.status === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((response) => PetSchema.parse(response.body).id)).size).toBe(1);
    expect(seen.every((response) => response.status === 201 || response.status === 409)).toBe(true);
    expect(await countNamed('Raced')).toBe(1);
  });

  it('scopes keys to the API key that sent them', async () => {
    const other = await server().store.apiKeys.create('other client');
    const mine = await see(await create('key-shared', { name: 'Scoped', categoryId: 3 }));
    const theirs = await see(await create('key-shared', { name: 'Scoped', categoryId: 3 }, other.key));
    expect([mine.status, theirs.status]).toStrictEqual([201, 201]);
    expect(PetSchema.parse(theirs.body).id).not.toBe(PetSchema.parse(mine.body).id);
  });

  it('forgets a key after 24 hours', async () => {
    const first = PetSchema.parse((await see(await create('key-old', { name: 'Old', categoryId: 4 }))).body);
    await server()
      .store.database.db.updateTable('idempotency_keys')
      .set({ created_at_ms: Date.now() - IDEMPOTENCY_TTL_MS - 1000 })
      .where('key', '=', 'key-old')
      .execute();
    const again = await see(await create('key-old', { name: 'Old', categoryId: 4 }));
    expect(again).toStrictEqual(aJson(201, { id: expect.any(Number), name: 'Old', categoryId: 4 }));
    expect(PetSchema.parse(again.body).id).not.toBe(first.id);
    expect(
      await server().store.idempotencyKeys.deleteExpired(Date.now() + IDEMPOTENCY_TTL_MS + 1000),
    ).toBeGreaterThan(0);
  });

  it('400 for a key that is not 1 to 255 printable ASCII characters', async () => {
    expect(await see(await create('x'.repeat(256), { name: 'Long', categoryId: 1 }))).toStrictEqual(
      anError(
        400,
        'validation_failed',
        /^header 'idempotency-key': must be 1 to 255 printable ASCII characters$/,
      ),
    );
  });
});
