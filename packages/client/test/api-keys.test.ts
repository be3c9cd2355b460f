import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKey, createAnimalStoreClient } from '../src/index.js';

let store: StoreProcess;

beforeAll(async () => {
  store = await startStore();
});

afterAll(() => store.stop());

const clientWith = (apiKey: string) => createAnimalStoreClient({ baseUrl: store.baseUrl, apiKey });
const HOUR_MS = 3_600_000;

describe('apiKeys', () => {
  it('creates a key that the store then accepts, with the scopes asked for', async () => {
    const manager = clientWith(store.apiKey);
    const expiresAt = new Date(Date.now() + 30 * 24 * HOUR_MS).toISOString();
    const created = await manager.apiKeys.create({ name: 'reporting', scopes: ['pets:read'], expiresAt });
    expect(created).toMatchObject({
      id: expect.any(Number),
      name: 'reporting',
      scopes: ['pets:read'],
      state: 'active',
      configured: false,
      key: expect.stringMatching(/^as_/),
    });
    expect(Date.parse(created.expiresAt ?? '')).toStrictEqual(Date.parse(expiresAt));

    // The store records a key's last use within a minute of it, so the key's own call may not show yet.
    const { key, lastUsedAt: _, ...shown } = created;
    const { lastUsedAt: __, ...current } = await clientWith(key).apiKeys.current();
    expect(current).toStrictEqual(shown);
  });

  it('lists every key, newest first, the configured key included', async () => {
    const manager = clientWith(store.apiKey);
    const created = await manager.apiKeys.create({ name: 'listed', scopes: ['pets:write'] });
    const keys = await manager.apiKeys.list();
    expect(keys[0]).toMatchObject({ id: created.id, name: 'listed' });
    expect(keys.map((key) => key.configured)).toContain(true);
    expect(keys.every((key) => !('key' in key))).toStrictEqual(true);
  });

  it('tells the calling key about itself', async () => {
    expect(await clientWith(store.apiKey).apiKeys.current()).toMatchObject({
      configured: true,
      scopes: ['pets:read', 'pets:write', 'keys:manage'],
    });
  });

  it("changes a key's name and policy, leaving what is not given, and removes the list with null", async () => {
    const manager = clientWith(store.apiKey);
    const created = await manager.apiKeys.create({ name: 'partner', scopes: ['pets:read'] });
    expect(
      await manager.apiKeys.update(created.id, { rateLimitPerMinute: 30, allowedNetworks: ['127.0.0.0/8'] }),
    ).toMatchObject({ name: 'partner', rateLimitPerMinute: 30, allowedNetworks: ['127.0.0.0/8'] });
    expect(await clientWith(created.key).apiKeys.current()).toMatchObject({ rateLimitPerMinute: 30 });
    expect(await manager.apiKeys.update(created.id, { allowedNetworks: null })).toMatchObject({
      rateLimitPerMinute: 30,
      allowedNetworks: null,
    });
  });

  it('revokes a key, which the store then refuses', async () => {
    const manager = clientWith(store.apiKey);
    const created = await manager.apiKeys.create({ name: 'leaked', scopes: ['pets:read'] });
    const revoked: ApiKey = await manager.apiKeys.revoke(created.id);
    expect(revoked).toMatchObject({ id: created.id, state: 'revoked', revokedAt: expect.any(String) });
    expect(
      await clientWith(created.key)
        .pets.page()
        .catch((error: unknown) => error),
    ).toMatchObject({
      code: 'unauthorized',
      status: 401,
    });
  });

  it('rotates a key: a successor with the same name and scopes, the old key ending after the overlap', async () => {
    const manager = clientWith(store.apiKey);
    const old = await manager.apiKeys.create({ name: 'deploy', scopes: ['pets:read', 'pets:write'] });
    const before = Date.now();
    const successor = await manager.apiKeys.rotate(old.id, { overlapHours: 2 });
    expect(successor).toMatchObject({ name: 'deploy', scopes: ['pets:read', 'pets:write'], state: 'active' });
    expect(successor.id).not.toStrictEqual(old.id);
    expect(successor.key).not.toStrictEqual(old.key);
    const oldNow = (await manager.apiKeys.list()).find((key) => key.id === old.id);
    const ends = Date.parse(oldNow?.expiresAt ?? '');
    expect(ends).toBeGreaterThanOrEqual(before + 2 * HOUR_MS - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 2 * HOUR_MS + 1000);
    expect(await clientWith(successor.key).pets.page()).toMatchObject({ pets: expect.any(Array) });
  });

  it('rotates with the default overlap when none is given', async () => {
    const manager = clientWith(store.apiKey);
    const old = await manager.apiKeys.create({ name: 'nightly', scopes: ['pets:read'] });
    await manager.apiKeys.rotate(old.id);
    const oldNow = (await manager.apiKeys.list()).find((key) => key.id === old.id);
    expect(Date.parse(oldNow?.expiresAt ?? '') - Date.now()).toBeGreaterThan(23 * HOUR_MS);
  });

  it('refuses a key without keys:manage with 403 insufficient_scope', async () => {
    const reader = await clientWith(store.apiKey).apiKeys.create({ name: 'reader', scopes: ['pets:read'] });
    expect(
      await clientWith(reader.key)
        .apiKeys.list()
        .catch((error: unknown) => error),
    ).toMatchObject({
      code: 'insufficient_scope',
      status: 403,
    });
  });
});
