import { PetSchema } from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_MS } from '../store/idempotency-repository.js';
import { testDatabaseKinds } from '../test-support/databases.js';
import { anError, see } from '../test-support/http-assertions.js';
import { useTestServer } from '../test-support/use-test-server.js';

describe.each(testDatabaseKinds)('Idempotency-Key across a rotation on $name', (kind) => {
  const server = useTestServer(kind);

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    server().request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  /**
   * An issued key's id and secret, read without the contract's schema of a key: only these two matter here, and the
   * key's other fields are not this test's.
   */
  const issued = async (response: Response) => {
    expect(response.status).toBe(201);
    const { id, key } = (await response.json()) as { id: number; key: string };
    return { id, key };
  };
  const newKey = async (name: string) =>
    issued(await post('/v1/api-keys', { name, scopes: ['pets:read', 'pets:write'] }));
  /** Rotates the key through the API, as a manager does, keeping the old one through an hour's overlap. */
  const rotate = async ({ id }: { id: number }) =>
    issued(await post(`/v1/api-keys/${id}/rotate`, { overlapHours: 1 }));
  const create = (apiKey: { key: string }, idempotencyKey: string, body: unknown) =>
    post('/v1/pets', body, { authorization: `Bearer ${apiKey.key}`, 'idempotency-key': idempotencyKey });
  const countNamed = async (name: string) =>
    (await server().store.database.db.selectFrom('pets').select('id').where('name', '=', name).execute())
      .length;
  const replayOf = async (response: Response) => ({
    ...(await see(response)),
    location: response.headers.get('location'),
    replayed: response.headers.get('idempotent-replayed'),
  });

  it("replays the first key's answer for its successor and its successor's successor", async () => {
    const first = await newKey('rotating importer');
    const row = { name: 'Rotated once', categoryId: 1 };
    const created = await replayOf(await create(first, 'row-1', row));
    expect(created).toMatchObject({ status: 201, replayed: null });

    const second = await rotate(first);
    const third = await rotate(second);
    for (const key of [second, third, first]) {
      expect(await replayOf(await create(key, 'row-1', row))).toStrictEqual({ ...created, replayed: 'true' });
    }
    expect(await countNamed('Rotated once')).toBe(1);
  });

  it('422 for a successor that sends the Idempotency-Key with another body, as within one key', async () => {
    const first = await newKey('reusing importer');
    await create(first, 'row-reused', { name: 'Before rotation', categoryId: 1 });
    const successor = await rotate(first);
    expect(
      await see(await create(successor, 'row-reused', { name: 'After rotation', categoryId: 1 })),
    ).toStrictEqual(
      anError(422, 'idempotency_key_reused', 'This Idempotency-Key was used with a different body.'),
    );
    expect(await countNamed('After rotation')).toBe(0);
  });

  it("keeps lines apart: another key's line creates its own animal with the same Idempotency-Key", async () => {
    const mine = await newKey('my importer');
    const theirs = await newKey('their importer');
    const row = { name: 'Two lines', categoryId: 2 };
    const myPet = PetSchema.parse((await see(await create(mine, 'row-shared', row))).body);
    const theirPet = PetSchema.parse((await see(await create(theirs, 'row-shared', row))).body);
    expect(theirPet.id).not.toBe(myPet.id);
    const [mySuccessor, theirSuccessor] = [await rotate(mine), await rotate(theirs)];
    expect((await see(await create(mySuccessor, 'row-shared', row))).body).toStrictEqual(myPet);
    expect((await see(await create(theirSuccessor, 'row-shared', row))).body).toStrictEqual(theirPet);
    expect(await countNamed('Two lines')).toBe(2);
  });

  it('forgets a record after 24 hours for the whole line, and what the successor then creates is the line’s', async () => {
    const first = await newKey('slow importer');
    const row = { name: 'Past the window', categoryId: 3 };
    const old = PetSchema.parse((await see(await create(first, 'row-old', row))).body);
    await server()
      .store.database.db.updateTable('idempotency_keys')
      .set({ created_at_ms: Date.now() - IDEMPOTENCY_TTL_MS - 1000 })
      .where('key', '=', 'row-old')
      .execute();
    const successor = await rotate(first);
    const again = await see(await create(successor, 'row-old', row));
    expect(again.status).toBe(201);
    expect(PetSchema.parse(again.body).id).not.toBe(old.id);
    // The first key, still in its overlap, retries: it is answered what its successor was.
    expect((await see(await create(first, 'row-old', row))).body).toStrictEqual(again.body);
    expect(await countNamed('Past the window')).toBe(2);
  });
});
