import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../database/migrations.js';
import { hashApiKey } from '../keys/api-key.js';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { openRepositories, type Repositories } from './repositories.js';

describe.each(testDatabaseKinds)('storage on $name', (kind) => {
  let database: TestDatabase;
  let store: Repositories;

  beforeAll(async () => {
    database = await kind.create();
    store = await openRepositories(database.config);
  });

  afterAll(async () => {
    await store.database.close();
    await database.drop();
  });

  describe('pets', () => {
    it('assigns increasing ids and keeps exactly the given fields', async () => {
      const first = await store.pets.create({ name: 'Rex', categoryId: 1, status: 'available' });
      const second = await store.pets.create({ name: 'Tom', categoryId: Number.MAX_SAFE_INTEGER });
      expect(second.id).toBeGreaterThan(first.id);
      expect(first).toStrictEqual({ id: first.id, name: 'Rex', categoryId: 1, status: 'available' });
      // No status given: none is invented, and the field is absent rather than null.
      expect(second).toStrictEqual({ id: second.id, name: 'Tom', categoryId: Number.MAX_SAFE_INTEGER });
      expect(await store.pets.findById(second.id)).toStrictEqual(second);
    });

    it('stores creates sent together once each, and answers each with its own animal', async () => {
      // On SQLite these share one commit (group commit); on PostgreSQL each has its own.
      const newPets = Array.from({ length: 40 }, (_, index) => ({
        name: `Together ${index}`,
        categoryId: index + 1,
      }));
      const outcomes = await Promise.all(newPets.map((newPet) => store.petCreation.create(newPet)));
      const pets = outcomes.map((outcome) => (outcome.kind === 'created' ? outcome.pet : undefined));
      expect(pets).toStrictEqual(newPets.map((newPet) => ({ id: expect.any(Number), ...newPet })));
      expect(new Set(pets.map((pet) => pet?.id)).size).toBe(newPets.length);
      for (const pet of pets) expect(await store.pets.findById(pet?.id ?? 0)).toStrictEqual(pet);
    });

    it('finds nothing for an unknown id', async () => {
      expect(await store.pets.findById(Number.MAX_SAFE_INTEGER)).toBeUndefined();
    });

    it('keeps unicode and quote characters in names exactly', async () => {
      const name = 'Ünïcødé 🐕 猫 "quoted" \'; drop table pets; --';
      const pet = await store.pets.create({ name, categoryId: 3 });
      expect((await store.pets.findById(pet.id))?.name).toBe(name);
    });

    it('lists in ascending id order, pages by keyset and filters by status', async () => {
      const created = [];
      for (const status of ['sold', 'pending', 'sold', 'sold', 'available'] as const) {
        created.push(await store.pets.create({ name: `page-${status}`, categoryId: 9, status }));
      }
      const all = await store.pets.list({ limit: 100 });
      expect(all.hasMore).toBe(false);
      expect(all.pets.map((pet) => pet.id)).toStrictEqual(
        [...all.pets.map((pet) => pet.id)].sort((a, b) => a - b),
      );

      const soldIds = created.filter((pet) => pet.status === 'sold').map((pet) => pet.id);
      const firstPage = await store.pets.list({ limit: 2, status: 'sold' });
      expect(firstPage.pets.map((pet) => pet.id)).toStrictEqual(soldIds.slice(0, 2));
      expect(firstPage.hasMore).toBe(true);
      const secondPage = await store.pets.list({ limit: 2, status: 'sold', afterId: soldIds[1] });
      expect(secondPage.pets.map((pet) => pet.id)).toStrictEqual(soldIds.slice(2));
      expect(secondPage.hasMore).toBe(false);
    });

    it('says a page is the last when exactly `limit` animals remain', async () => {
      const all = await store.pets.list({ limit: 100 });
      const page = await store.pets.list({ limit: all.pets.length });
      expect(page.pets).toHaveLength(all.pets.length);
      expect(page.hasMore).toBe(false);
    });
  });

  describe('api keys', () => {
    it('stores only a digest, finds keys by it and marks revoked ones', async () => {
      const created = await store.apiKeys.create('ops');
      expect(created.key).toMatch(/^as_[\w-]{49}$/);
      const listed = (await store.apiKeys.list()).find((key) => key.id === created.id);
      expect(listed).toStrictEqual({
        id: created.id,
        name: 'ops',
        prefix: created.key.slice(0, 9),
        scopes: ['pets:read', 'pets:write', 'keys:manage'],
        createdAt: created.createdAt,
        expiresAt: null,
        lastUsedAt: null,
        deprecatedCallAt: null,
        revokedAt: null,
        rotatedAt: null,
        replacesId: null,
        rateLimitPerMinute: null,
        allowedNetworks: null,
      });
      const stored = await store.database.db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', created.id)
        .execute();
      expect(JSON.stringify(stored)).not.toContain(created.key);

      expect(await store.apiKeys.findByHash(hashApiKey(created.key))).toMatchObject({
        id: created.id,
        name: 'ops',
        revokedAt: null,
        rotatedAt: null,
        replacesId: null,
      });
      const activeBefore = await store.apiKeys.countActive();
      const revoked = await store.apiKeys.revoke(created.id);
      expect(revoked).toMatchObject({ kind: 'revoked', key: { id: created.id }, already: false });
      // Revoking twice changes nothing: the first revocation's time stays.
      expect(await store.apiKeys.revoke(created.id)).toStrictEqual({ ...revoked, already: true });
      expect((await store.apiKeys.findByHash(hashApiKey(created.key)))?.revokedAt).toBe(
        revoked.kind === 'revoked' ? revoked.key.revokedAt : 'not revoked',
      );
      expect(await store.apiKeys.countActive()).toBe(activeBefore - 1);
    });

    it('rotates a key: a successor with its name, scopes and expiry, the old key ending after the overlap', async () => {
      const now = Date.now();
      const expiresAt = new Date(now + 90 * 24 * 3600_000).toISOString();
      const old = await store.apiKeys.create('rotated', { scopes: ['pets:read'], expiresAt });
      // Later than the key was made: a lifetime kept as a length would end the successor later than the key.
      const rotation = await store.apiKeys.rotate(old.id, 2, now + 12_000);
      if (rotation.kind !== 'rotated') throw new Error(`not rotated: ${rotation.kind}`);
      expect(rotation.successor).toMatchObject({ name: 'rotated', scopes: ['pets:read'], expiresAt });
      expect(rotation.successor.key).not.toBe(old.key);
      expect(rotation.predecessor.expiresAt).toBe(new Date(now + 12_000 + 2 * 3600_000).toISOString());
      expect((await store.apiKeys.findById(rotation.successor.id))?.expiresAt).toBe(expiresAt);
      // Rotated once: during the overlap it is refused, after it the key has ended.
      expect((await store.apiKeys.rotate(old.id, 0, now + 3600_000)).kind).toBe('rotated_already');
      expect((await store.apiKeys.rotate(old.id, 0, now + 3 * 3600_000)).kind).toBe('inactive');
      expect((await store.apiKeys.rotate(Number.MAX_SAFE_INTEGER, 24)).kind).toBe('not_found');
    });

    it('gives the successor of a key that never expires no expiry, whatever its overlap', async () => {
      const forever = await store.apiKeys.create('forever');
      const first = await store.apiKeys.rotate(forever.id, 1);
      if (first.kind !== 'rotated') throw new Error(`not rotated: ${first.kind}`);
      expect(first.successor.expiresAt).toBeNull();
      // The old key, in its overlap, now has an expiry: rotating it again makes no successor that dies with it.
      expect(await store.apiKeys.rotate(forever.id, 1)).toMatchObject({ kind: 'rotated_already' });
      const next = await store.apiKeys.rotate(first.successor.id, 1);
      expect(next.kind === 'rotated' && next.successor.expiresAt).toBeNull();
    });

    it('keeps the last active key that may manage keys from being revoked, when asked to keep one', async () => {
      const fresh = await kind.create();
      const own = await openRepositories(fresh.config);
      try {
        const manager = await own.apiKeys.create('manager');
        await own.apiKeys.create('reader', { scopes: ['pets:read'] });
        expect((await own.apiKeys.revoke(manager.id, { keepAManager: true })).kind).toBe('last_manager');
        const second = await own.apiKeys.create('second manager', { scopes: ['keys:manage'] });
        expect((await own.apiKeys.revoke(manager.id, { keepAManager: true })).kind).toBe('revoked');
        expect((await own.apiKeys.revoke(second.id, { keepAManager: true })).kind).toBe('last_manager');
      } finally {
        await own.database.close();
        await fresh.drop();
      }
    });
  });

  describe('idempotency keys', () => {
    it('creates once when a request stalled past the takeover time and its retry both complete', async () => {
      const newPet = { name: `Stalled on ${kind.name}`, categoryId: 3 };
      const idempotency = { scope: 'stall-test', key: 'stall-1' };
      // The first request claims the key, then stalls (a paused machine, a slow pool) for over a minute...
      const stalled = await store.petCreation.claimKey(newPet, idempotency, Date.now() - 61_000);
      if (stalled.kind !== 'claimed') throw new Error(`the first claim was ${stalled.kind}`);
      // ...meanwhile its retry takes the abandoned claim over and creates the animal...
      const retry = await store.petCreation.create(newPet, idempotency);
      if (retry.kind !== 'created') throw new Error(`the retry was ${retry.kind}`);
      // ...and when the first request resumes, its insert is rolled back: it answers with the retry's animal.
      expect(await store.petCreation.createClaimed(newPet, stalled.claim)).toStrictEqual({
        kind: 'replayed',
        pet: retry.pet,
      });
      const stored = await store.database.db
        .selectFrom('pets')
        .select('id')
        .where('name', '=', newPet.name)
        .execute();
      expect(stored).toStrictEqual([{ id: retry.pet.id }]);
      expect(await store.petCreation.create(newPet, idempotency)).toStrictEqual({
        kind: 'replayed',
        pet: retry.pet,
      });
    });
  });

  it('sweeps expired Idempotency-Keys a batch at a time, and only expired ones', async () => {
    const repository = store.idempotencyKeys;
    const old = Date.now() - 25 * 60 * 60 * 1000;
    for (let index = 0; index < 7; index++) {
      await repository.claim({ scope: 'sweep-test', key: `old-${index}`, requestHash: 'h' }, old);
    }
    await repository.claim({ scope: 'sweep-test', key: 'fresh', requestHash: 'h' });
    expect(await repository.deleteExpired(Date.now(), 3)).toBe(7);
    const left = await store.database.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('scope', '=', 'sweep-test')
      .execute();
    expect(left).toStrictEqual([{ key: 'fresh' }]);
  });

  it('runs migrations again without change', async () => {
    await migrateToLatest(store.database.db, store.database.dialect);
    expect((await store.pets.list({ limit: 1 })).pets).toHaveLength(1);
  });
});
