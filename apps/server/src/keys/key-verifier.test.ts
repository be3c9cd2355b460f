import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories, type Repositories } from '../store/repositories.js';
import { sqliteTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { KeyVerifier } from './key-verifier.js';

describe('KeyVerifier', () => {
  let database: TestDatabase;
  let store: Repositories;

  beforeAll(async () => {
    database = await sqliteTestDatabase.create();
    store = await openRepositories(database.config);
  });

  afterAll(async () => {
    await store.database.close();
    await database.drop();
  });

  /** The store's key repository, counting how often the verifier looks a key up. */
  const countingLookups = () => {
    let count = 0;
    const repository = Object.create(store.apiKeys) as typeof store.apiKeys;
    repository.findByHash = (keyHash) => {
      count += 1;
      return store.apiKeys.findByHash(keyHash);
    };
    return { repository, lookups: () => count };
  };

  it('accepts configured keys and active stored keys, and nothing else', async () => {
    const stored = await store.apiKeys.create('stored');
    const verifier = new KeyVerifier(store.apiKeys, ['configured-key-0123456789']);
    expect(await verifier.verify('configured-key-0123456789')).toMatchObject({
      keyId: 'env-1',
      name: 'API_KEYS #1',
    });
    expect(await verifier.verify(stored.key)).toMatchObject({ keyId: String(stored.id), name: 'stored' });
    expect(await verifier.verify('as_not-a-key')).toBe('unknown');
  });

  it('trusts a verified key for the cache time, then sees its revocation', async () => {
    const stored = await store.apiKeys.create('revoked soon');
    const verifier = new KeyVerifier(store.apiKeys, [], 200);
    expect(await verifier.verify(stored.key)).toBeDefined();
    await store.apiKeys.revoke(stored.id);
    // Within the cache time the revocation is not yet seen: the documented price of not asking the database.
    expect(await verifier.verify(stored.key)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await verifier.verify(stored.key)).toBe('revoked');
  });

  it('with a cache time of 0 sees a revocation at once', async () => {
    const stored = await store.apiKeys.create('revoked now');
    const verifier = new KeyVerifier(store.apiKeys, [], 0);
    expect(await verifier.verify(stored.key)).toBeDefined();
    await store.apiKeys.revoke(stored.id);
    expect(await verifier.verify(stored.key)).toBe('revoked');
  });

  it('never trusts a key past its expiry, however recently it was verified', async () => {
    const stored = await store.apiKeys.create('expiring', {
      expiresAt: new Date(Date.now() + 300).toISOString(),
    });
    const verifier = new KeyVerifier(store.apiKeys, [], 60_000);
    expect(await verifier.verify(stored.key)).toMatchObject({ keyId: String(stored.id) });
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await verifier.verify(stored.key)).toBe('expired');
  });

  it("carries a stored key's scopes, and gives a configured key every scope", async () => {
    const reader = await store.apiKeys.create('reader', { scopes: ['pets:read'] });
    const verifier = new KeyVerifier(store.apiKeys, ['configured-key-0123456789']);
    const client = await verifier.verify(reader.key);
    expect(typeof client === 'string' ? client : [...client.scopes]).toStrictEqual(['pets:read']);
    const configured = await verifier.verify('configured-key-0123456789');
    expect(typeof configured === 'string' ? configured : [...configured.scopes]).toStrictEqual([
      'pets:read',
      'pets:write',
      'keys:manage',
    ]);
  });

  it('answers a configured key, or a stored one it verified moments ago, without a promise', async () => {
    const stored = await store.apiKeys.create('cached');
    const verifier = new KeyVerifier(store.apiKeys, ['configured-key-0123456789']);
    expect(verifier.verify('configured-key-0123456789')).toMatchObject({ keyId: 'env-1' });
    const first = verifier.verify(stored.key);
    expect(first).toBeInstanceOf(Promise);
    await first;
    expect(verifier.verify(stored.key)).toMatchObject({ keyId: String(stored.id) });
    // A key of a shape the store never issues is refused at once: no lookup, no promise.
    expect(verifier.verify('as_not-a-key')).toBe('unknown');
  });

  it('asks the database once about an unknown key of the right shape, however often it is presented', async () => {
    const { repository, lookups } = countingLookups();
    const verifier = new KeyVerifier(repository, []);
    // Of the shape keys had before checksums: only the database can tell.
    const unknown = `as_${'x'.repeat(43)}`;
    const burst = await Promise.all(Array.from({ length: 50 }, () => verifier.verify(unknown)));
    expect(new Set(burst)).toStrictEqual(new Set(['unknown']));
    expect(verifier.verify(unknown)).toBe('unknown');
    expect(verifier.verify('not-even-a-store-key')).toBe('unknown');
    expect(lookups()).toBe(1);
  });

  it('refuses a checksummed key with one character changed without asking the database', async () => {
    const stored = await store.apiKeys.create('typo');
    const { repository, lookups } = countingLookups();
    const verifier = new KeyVerifier(repository, []);
    for (const position of [3, 20, stored.key.length - 1]) {
      const original = stored.key[position];
      const typo = `${stored.key.slice(0, position)}${original === 'A' ? 'B' : 'A'}${stored.key.slice(position + 1)}`;
      expect(verifier.verify(typo)).toBe('unknown');
    }
    expect(lookups()).toBe(0);
    expect(await verifier.verify(stored.key)).toMatchObject({ name: 'typo' });
    expect(lookups()).toBe(1);
  });

  it('caches nothing from a lookup that read the key before a revocation forgotten meanwhile', async () => {
    const stored = await store.apiKeys.create('revoked mid-lookup');
    // The first lookup reads the row, then is held until the test lets it go: the revocation lands in between.
    let rowRead!: () => void;
    const read = new Promise<void>((resolve) => {
      rowRead = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let lookups = 0;
    const repository = Object.create(store.apiKeys) as typeof store.apiKeys;
    repository.findByHash = async (keyHash) => {
      lookups += 1;
      const row = await store.apiKeys.findByHash(keyHash);
      if (lookups === 1) {
        rowRead();
        await held;
      }
      return row;
    };
    const verifier = new KeyVerifier(repository, [], 60_000);
    const before = verifier.verify(stored.key);
    await read;
    await store.apiKeys.revoke(stored.id);
    verifier.forget(stored.id);
    // Presented after the revocation, the key does not wait for the lookup that read it as active.
    const after = verifier.verify(stored.key);
    release();
    // The request that came before the revocation may still pass: it was admitted by what it read.
    expect(await before).toMatchObject({ keyId: String(stored.id) });
    expect(await after).toBe('revoked');
    expect(await verifier.verify(stored.key)).toBe('revoked');
  });
});
