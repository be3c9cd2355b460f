import { describe, expect, it } from 'vitest';
import { sqliteTestDatabase } from '../test-support/databases.js';
import { anError, see } from '../test-support/http-assertions.js';
import { useTestServer } from '../test-support/use-test-server.js';

const CONFIGURED_KEY = 'configured-key-0123456789';

const operations: Array<[string, string, RequestInit]> = [
  ['listPets', '/v1/pets', {}],
  [
    'createPet',
    '/v1/pets',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"A","categoryId":1}' },
  ],
  ['getPet', '/v1/pets/1', {}],
  ['an unknown /v1 path', '/v1/orders', {}],
];

describe('authentication', () => {
  const server = useTestServer(sqliteTestDatabase, { configuredKeys: [CONFIGURED_KEY], verifiedKeyTtlMs: 0 });

  const missing = anError(
    401,
    'unauthorized',
    'The Authorization header is missing or not of the form `Bearer <key>`.',
  );
  const invalid = anError(401, 'unauthorized', 'The Authorization header is not a valid key.');

  describe.each(operations)('%s', (_, path, init) => {
    it('401 with WWW-Authenticate when the key is missing', async () => {
      const response = await fetch(`${server().origin}${path}`, init);
      expect(await see(response)).toStrictEqual(missing);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="animal-store"');
    });

    it.each([
      ['Basic dXNlcjpwYXNz', missing],
      ['Bearer', missing],
      ['Bearer two words', missing],
      ['Bearer as_unknown-key', invalid],
    ])('401 for Authorization: %s', async (authorization, expected) => {
      const response = await fetch(`${server().origin}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization },
      });
      expect(await see(response)).toStrictEqual(expected);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="animal-store"');
    });
  });

  it('never accepts a key in the query string', async () => {
    for (const name of ['api_key', 'access_token', 'key']) {
      const response = await fetch(`${server().origin}/v1/pets?${name}=${server().apiKey}`);
      expect(await see(response)).toStrictEqual(missing);
    }
  });

  it('accepts a stored key, a configured key, and the scheme in any case', async () => {
    for (const authorization of [
      `Bearer ${server().apiKey}`,
      `bearer ${server().apiKey}`,
      `Bearer ${CONFIGURED_KEY}`,
    ]) {
      expect((await fetch(`${server().baseUrl}/pets`, { headers: { authorization } })).status).toBe(200);
    }
  });

  it('refuses a key once it is revoked', async () => {
    const created = await server().store.apiKeys.create('short-lived');
    const headers = { authorization: `Bearer ${created.key}` };
    expect((await fetch(`${server().baseUrl}/pets`, { headers })).status).toBe(200);
    await server().store.apiKeys.revoke(created.id);
    expect(await see(await fetch(`${server().baseUrl}/pets`, { headers }))).toStrictEqual(
      anError(401, 'unauthorized', 'The API key has been revoked: ask an admin of the store for a new one.'),
    );
  });

  it('refuses a key once it has expired, saying so', async () => {
    const created = await server().store.apiKeys.create('expiring', {
      expiresAt: new Date(Date.now() + 400).toISOString(),
    });
    const headers = { authorization: `Bearer ${created.key}` };
    expect((await fetch(`${server().baseUrl}/pets`, { headers })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 450));
    const response = await fetch(`${server().baseUrl}/pets`, { headers });
    expect(await see(response)).toStrictEqual(
      anError(401, 'unauthorized', 'The API key has expired: ask an admin of the store for a new one.'),
    );
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="animal-store"');
  });

  it('checks the key before reading the body', async () => {
    const response = await fetch(`${server().baseUrl}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(await see(response)).toStrictEqual(missing);
  });

  // The logger redacts nothing: what keeps keys out of the log is that no line carries headers.
  it('never writes a key into the log, on any outcome', async () => {
    const wrongKey = 'not-a-key-of-this-store-0123456789';
    const withKey = (key: string) => ({ authorization: `Bearer ${key}` });
    await fetch(`${server().baseUrl}/pets?api_key=${server().apiKey}`, { headers: withKey(server().apiKey) });
    await fetch(`${server().baseUrl}/pets`, { headers: withKey(CONFIGURED_KEY) });
    await fetch(`${server().baseUrl}/pets`, { headers: withKey(wrongKey) });
    await fetch(`${server().baseUrl}/pets/1`, { headers: withKey(server().apiKey) });
    await fetch(`${server().baseUrl}/pets`, {
      method: 'POST',
      headers: { ...withKey(server().apiKey), 'content-type': 'application/json' },
      body: '{not json',
    });
    const logs = server().rawLogs();
    for (const status of [200, 401, 400]) expect(logs).toContain(`"statusCode":${status}`);
    expect(logs).toContain('deprecated operation called');
    for (const key of [server().apiKey, CONFIGURED_KEY, wrongKey]) expect(logs).not.toContain(key);
  });
});
