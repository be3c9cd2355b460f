import { ApiKeySchema, CreatedApiKeySchema, LASTING_MANAGER_HOURS } from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/databases.js';
import { anError, see } from '../test-support/http-assertions.js';
import { useTestServer } from '../test-support/use-test-server.js';

const LAST_MANAGER_MESSAGE =
  `This is the last active key that can manage keys for more than ${LASTING_MANAGER_HOURS} hours: revoking it ` +
  'would lock everyone out. Create another key with the keys:manage scope, expiring later than that or never, first.';

const json = (body: unknown, init: RequestInit = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...init.headers },
  body: JSON.stringify(body),
  ...init,
});

describe.each(testDatabaseKinds)('the key-management API on $name', (kind) => {
  const server = useTestServer(kind, { verifiedKeyTtlMs: 0 });
  const as = (key: string, init: RequestInit = {}) => ({
    ...init,
    headers: { ...init.headers, authorization: `Bearer ${key}` },
  });
  const createKey = async (body: unknown) => {
    const response = await server().request('/v1/api-keys', json(body));
    expect(response.status).toBe(201);
    const created = CreatedApiKeySchema.strict().parse(await response.json());
    // Named as createPet names its animal: the new key's address, relative without PUBLIC_BASE_URL.
    expect(response.headers.get('location')).toBe(`/v1/api-keys/${created.id}`);
    return created;
  };

  it('creates a key with the given scopes and expiry, shows its secret once, and the key works at once', async () => {
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    const created = await createKey({ name: 'catalogue reader', scopes: ['pets:read'], expiresAt });
    expect(created).toMatchObject({
      name: 'catalogue reader',
      scopes: ['pets:read'],
      state: 'active',
      configured: false,
      expiresAt,
      lastUsedAt: null,
      deprecatedCallAt: null,
      revokedAt: null,
      rotatedAt: null,
      replaces: null,
    });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect((await server().request('/v1/pets', as(created.key))).status).toBe(200);

    const listed = ApiKeySchema.strict()
      .array()
      .parse(await (await server().request('/v1/api-keys')).json());
    const mine = listed.find((key) => key.id === created.id);
    expect(mine).toBeDefined();
    expect(JSON.stringify(listed)).not.toContain(created.key);
    // Newest first.
    expect(listed[0]?.id).toBe(created.id);
    // The change is logged with the acting key's id, never the secret.
    const line = server()
      .logLines()
      .find((entry) => entry.msg === 'API key created' && entry.apiKeyId === String(created.id));
    expect(line).toMatchObject({ actingApiKeyId: expect.stringMatching(/^\d+$/) });
    expect(server().rawLogs()).not.toContain(created.key);
  });

  it.each([
    [
      { name: 'x', scopes: ['pets:delete'] },
      "body field 'scopes.0': must be one of pets:read, pets:write, keys:manage",
    ],
    [{ name: 'x', scopes: [] }, "body field 'scopes': must name at least one scope"],
    [{ name: 'x' }, "body field 'scopes': is required"],
    [{ name: 'x'.repeat(101), scopes: ['pets:read'] }, "body field 'name': must be at most 100 characters"],
    [{ name: ' ', scopes: ['pets:read'] }, "body field 'name': must not be empty or blank"],
    [{ name: '\uFFA0', scopes: ['pets:read'] }, "body field 'name': must not be empty or blank"],
    [
      { name: 'ci\uFFF9hidden\uFFFB', scopes: ['pets:read'] },
      "body field 'name': must not contain bidirectional controls or invisible characters",
    ],
    [
      { name: 'x', scopes: ['pets:read'], expiresAt: '2020-01-01T00:00:00Z' },
      "body field 'expiresAt': must be in the future",
    ],
    [
      { name: 'x', scopes: ['pets:read'], expiresAt: '2999-01-01T00:00:00Z' },
      "body field 'expiresAt': must be at most 730 days ahead",
    ],
    [
      { name: 'x', scopes: ['pets:read'], expiresAt: 'tomorrow' },
      "body field 'expiresAt': must be a date and time in ISO 8601 with a time zone, e.g. 2027-01-31T12:00:00Z",
    ],
  ])('refuses %j with a message naming the field', async (body, message) => {
    const response = await server().request('/v1/api-keys', json(body));
    expect(await see(response)).toStrictEqual(anError(400, 'validation_failed', message));
  });

  it('revokes a key, which then gets 401; revoking it again is no error', async () => {
    const created = await createKey({ name: 'to revoke', scopes: ['pets:read'] });
    const first = await server().request(`/v1/api-keys/${created.id}`, { method: 'DELETE' });
    expect(first.status).toBe(200);
    const revoked = ApiKeySchema.strict().parse(await first.json());
    expect(revoked).toMatchObject({ id: created.id, state: 'revoked', revokedAt: expect.any(String) });
    expect((await server().request('/v1/pets', as(created.key))).status).toBe(401);
    const again = await server().request(`/v1/api-keys/${created.id}`, { method: 'DELETE' });
    expect(await again.json()).toStrictEqual(revoked);
  });

  it('404 api_key_not_found for an unknown id, on revoke and on rotate', async () => {
    for (const init of [{ method: 'DELETE' }, json({})]) {
      const path = init.method === 'DELETE' ? '/v1/api-keys/999999' : '/v1/api-keys/999999/rotate';
      expect(await see(await server().request(path, init))).toStrictEqual(
        anError(404, 'api_key_not_found', 'No API key has id 999999.'),
      );
    }
  });

  it('400 for an id that is not a stored key', async () => {
    const response = await server().request('/v1/api-keys/env-1', { method: 'DELETE' });
    expect(await see(response)).toStrictEqual(
      anError(
        400,
        'validation_failed',
        "path parameter 'keyId': must be the id of a stored key (a positive whole number); keys set by API_KEYS are changed there",
      ),
    );
  });

  it('rotates a key: the successor works, the old key works through the overlap, then not', async () => {
    const old = await createKey({ name: 'rotating', scopes: ['pets:read', 'pets:write'] });
    const response = await server().request(`/v1/api-keys/${old.id}/rotate`, json({ overlapHours: 1 }));
    expect(response.status).toBe(201);
    const successor = CreatedApiKeySchema.strict().parse(await response.json());
    // Named as createPet names its animal: the new key's address, relative without PUBLIC_BASE_URL.
    expect(response.headers.get('location')).toBe(`/v1/api-keys/${successor.id}`);
    expect(successor).toMatchObject({
      name: 'rotating',
      scopes: ['pets:read', 'pets:write'],
      state: 'active',
    });
    expect(successor.id).not.toBe(old.id);
    expect((await server().request('/v1/pets', as(successor.key))).status).toBe(200);
    expect((await server().request('/v1/pets', as(old.key))).status).toBe(200);
    const listed = ApiKeySchema.array().parse(await (await server().request('/v1/api-keys')).json());
    const oldExpiry = Date.parse(listed.find((key) => key.id === old.id)?.expiresAt ?? '');
    expect(oldExpiry - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(oldExpiry - Date.now()).toBeLessThanOrEqual(3600_000);
    // The list says which key replaces which, and since when the old one is on its way out.
    expect(listed.find((key) => key.id === successor.id)).toMatchObject({
      replaces: old.id,
      rotatedAt: null,
    });
    expect(listed.find((key) => key.id === old.id)).toMatchObject({
      replaces: null,
      rotatedAt: expect.any(String),
    });

    // With no body the overlap is 24 hours; with 0 the old key ends at once.
    const bare = await server().request(`/v1/api-keys/${successor.id}/rotate`, { method: 'POST' });
    expect(bare.status).toBe(201);
    const third = CreatedApiKeySchema.parse(await bare.json());
    const ended = await server().request(`/v1/api-keys/${third.id}/rotate`, json({ overlapHours: 0 }));
    expect(ended.status).toBe(201);
    expect(await see(await server().request('/v1/pets', as(third.key)))).toStrictEqual(
      anError(401, 'unauthorized', 'The API key has expired: ask an admin of the store for a new one.'),
    );
    expect(await see(await server().request(`/v1/api-keys/${third.id}/rotate`, json({})))).toStrictEqual(
      anError(409, 'api_key_inactive', `API key ${third.id} is expired: only an active key can be rotated.`),
    );
  });

  it('refuses an overlap out of range', async () => {
    const response = await server().request('/v1/api-keys/1/rotate', json({ overlapHours: 721 }));
    expect(await see(response)).toStrictEqual(
      anError(
        400,
        'validation_failed',
        "body field 'overlapHours': must be a whole number of hours from 0 to 720",
      ),
    );
  });

  it('keeps the last manager from revoking itself (409), and lets it once another manager exists', async () => {
    const manager = await createKey({ name: 'sole manager', scopes: ['keys:manage'] });
    // The test server's own key can manage keys too: revoke it, leaving `manager` the last one.
    const current = ApiKeySchema.parse(await (await server().request('/v1/api-keys/current')).json());
    expect(
      (await server().request(`/v1/api-keys/${current.id}`, as(manager.key, { method: 'DELETE' }))).status,
    ).toBe(200);
    const refused = await server().request(
      `/v1/api-keys/${manager.id}`,
      as(manager.key, { method: 'DELETE' }),
    );
    expect(await see(refused)).toStrictEqual(anError(409, 'last_key_manager', LAST_MANAGER_MESSAGE));
    const other = await server().request(
      '/v1/api-keys',
      as(manager.key, json({ name: 'deputy', scopes: ['keys:manage'] })),
    );
    expect(other.status).toBe(201);
    expect(
      (await server().request(`/v1/api-keys/${manager.id}`, as(manager.key, { method: 'DELETE' }))).status,
    ).toBe(200);
  });
});

describe.each(testDatabaseKinds)('the last manager through a rotation on $name', (kind) => {
  const server = useTestServer(kind, { verifiedKeyTtlMs: 0 });
  const as = (key: string, init: RequestInit = {}) => ({
    ...init,
    headers: { ...init.headers, authorization: `Bearer ${key}` },
  });

  it('counts only managers that stay: the old key in its overlap cannot revoke the one successor', async () => {
    const created = await server().request(
      '/v1/api-keys',
      json({ name: 'only manager', scopes: ['keys:manage'] }),
    );
    const manager = CreatedApiKeySchema.parse(await created.json());
    // The test server's own key can manage keys too: revoke it, leaving `manager` the only one.
    const current = ApiKeySchema.parse(await (await server().request('/v1/api-keys/current')).json());
    const revokeCurrent = as(manager.key, { method: 'DELETE' });
    expect((await server().request(`/v1/api-keys/${current.id}`, revokeCurrent)).status).toBe(200);

    const rotated = await server().request(
      `/v1/api-keys/${manager.id}/rotate`,
      as(manager.key, json({ overlapHours: 1 })),
    );
    expect(rotated.status).toBe(201);
    const successor = CreatedApiKeySchema.parse(await rotated.json());
    // The old key still works for an hour, then stops: revoking its successor would leave no manager then.
    const bySuccessor = (id: number | string, key: string) =>
      server().request(`/v1/api-keys/${id}`, as(key, { method: 'DELETE' }));
    expect(await see(await bySuccessor(successor.id, manager.key))).toStrictEqual(
      anError(409, 'last_key_manager', LAST_MANAGER_MESSAGE),
    );
    expect((await bySuccessor(successor.id, successor.key)).status).toBe(409);
    // The successor stays: it may end the old key's overlap early.
    expect((await bySuccessor(manager.id, successor.key)).status).toBe(200);
    expect((await bySuccessor(successor.id, successor.key)).status).toBe(409);
  });
});

describe('the key-management API with API_KEYS set', () => {
  const CONFIGURED = 'configured-key-0123456789abcdef';
  const server = useTestServer(undefined, { configuredKeys: [CONFIGURED], verifiedKeyTtlMs: 0 });

  it('lists configured keys, marked, with every scope and a fingerprint that gives none of the key away', async () => {
    const listed = ApiKeySchema.strict()
      .array()
      .parse(await (await server().request('/v1/api-keys')).json());
    expect(listed.at(-1)).toStrictEqual({
      id: 'env-1',
      name: 'API_KEYS #1',
      // printf %s configured-key-0123456789abcdef | sha256sum | cut -c1-8
      prefix: 'sha256:f61ad7df',
      scopes: ['pets:read', 'pets:write', 'keys:manage'],
      state: 'active',
      configured: true,
      createdAt: null,
      expiresAt: null,
      lastUsedAt: null,
      deprecatedCallAt: null,
      revokedAt: null,
      rotatedAt: null,
      replaces: null,
      rateLimitPerMinute: null,
      allowedNetworks: null,
    });
  });

  it('shows the calling key, stored or configured, and notes its use', async () => {
    const configured = await server().request('/v1/api-keys/current', {
      headers: { authorization: `Bearer ${CONFIGURED}` },
    });
    expect(await configured.json()).toMatchObject({ id: 'env-1', lastUsedAt: expect.any(String) });
    const stored = ApiKeySchema.parse(await (await server().request('/v1/api-keys/current')).json());
    expect(stored).toMatchObject({ configured: false, state: 'active', lastUsedAt: expect.any(String) });
  });

  it('lets a stored key revoke itself while a configured key can still manage keys', async () => {
    const current = ApiKeySchema.parse(await (await server().request('/v1/api-keys/current')).json());
    expect((await server().request(`/v1/api-keys/${current.id}`, { method: 'DELETE' })).status).toBe(200);
  });
});

describe('the key-management API with keys cached for 10 s, as in production', () => {
  const server = useTestServer();

  it('revokes and rotates at once on the instance that made the change', async () => {
    const made = await server().store.apiKeys.create('cached', { scopes: ['pets:read'] });
    const rotated = await server().store.apiKeys.create('rotated', { scopes: ['pets:read'] });
    for (const key of [made.key, rotated.key]) {
      expect(
        (await server().request('/v1/pets', { headers: { authorization: `Bearer ${key}` } })).status,
      ).toBe(200);
    }
    expect((await server().request(`/v1/api-keys/${made.id}`, { method: 'DELETE' })).status).toBe(200);
    const rotation = await server().request(`/v1/api-keys/${rotated.id}/rotate`, json({ overlapHours: 0 }));
    expect(rotation.status).toBe(201);
    for (const key of [made.key, rotated.key]) {
      expect(
        (await server().request('/v1/pets', { headers: { authorization: `Bearer ${key}` } })).status,
      ).toBe(401);
    }
  });

  it('never reports a key revoked elsewhere as usable while this instance still trusts it', async () => {
    const key = await server().store.apiKeys.create('revoked by another instance', { scopes: ['pets:read'] });
    const headers = { authorization: `Bearer ${key.key}` };
    expect((await server().request('/v1/api-keys/current', { headers })).status).toBe(200);
    // Revoked in the database, as another instance does: this one still admits the key for the cache time...
    await server().store.apiKeys.revoke(key.id);
    expect((await server().request('/v1/pets', { headers })).status).toBe(200);
    // ...but the call a client (the admin's sign-in) asks "may I use this key?" with says no, in the 401 it will get.
    const current = await server().request('/v1/api-keys/current', { headers });
    expect(current.headers.get('www-authenticate')).toBe('Bearer realm="animal-store"');
    expect(await see(current)).toStrictEqual(
      anError(401, 'unauthorized', 'The API key has been revoked: ask an admin of the store for a new one.'),
    );
  });
});

describe('key usage', () => {
  const server = useTestServer(undefined, { verifiedKeyTtlMs: 0 });

  it("records a key's last use and last deprecated call, at most once a minute", async () => {
    const key = await server().store.apiKeys.create('usage', { scopes: ['pets:read'] });
    const headers = { authorization: `Bearer ${key.key}` };
    await server().request('/v1/pets', { headers });
    await server().request('/v1/pets/1', { headers });
    // The writes are not awaited by the request: give them a moment.
    await expect
      .poll(async () => server().store.apiKeys.findById(key.id))
      .toMatchObject({ lastUsedAt: expect.any(String), deprecatedCallAt: expect.any(String) });
    const first = await server().store.apiKeys.findById(key.id);
    await server().request('/v1/pets/1', { headers });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await server().store.apiKeys.findById(key.id)).toStrictEqual(first);
  });
});
