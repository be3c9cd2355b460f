import { API_KEY_SCOPES, type ApiKeyScope, requiredScope, storeContract } from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import { anError, see } from '../test-support/http-assertions.js';
import type { TestServer } from '../test-support/test-server.js';
import { useTestServer } from '../test-support/use-test-server.js';

type OperationName = keyof typeof storeContract;

/** A request each operation would serve with 2xx given the scope: the scope is then the only reason for a refusal. */
async function validRequest(server: TestServer, name: OperationName): Promise<[string, RequestInit]> {
  const post = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const target = async () => (await server.store.apiKeys.create('target', { scopes: ['pets:read'] })).id;
  switch (name) {
    case 'listPets':
      return ['/v1/pets', {}];
    case 'createPet':
      return ['/v1/pets', post({ name: 'Rex', categoryId: 1 })];
    case 'getPet': {
      const pet = await server.store.pets.create({ name: 'Rex', categoryId: 1 });
      return [`/v1/pets/${pet.id}`, {}];
    }
    case 'listApiKeys':
    case 'getCurrentApiKey':
      return [name === 'listApiKeys' ? '/v1/api-keys' : '/v1/api-keys/current', {}];
    case 'createApiKey':
      return ['/v1/api-keys', post({ name: 'made', scopes: ['pets:read'] })];
    case 'revokeApiKey':
      return [`/v1/api-keys/${await target()}`, { method: 'DELETE' }];
    case 'updateApiKey':
      return [
        `/v1/api-keys/${await target()}`,
        { ...post({ rateLimitPerMinute: 100, allowedNetworks: ['127.0.0.0/8'] }), method: 'PATCH' },
      ];
    case 'rotateApiKey':
      return [`/v1/api-keys/${await target()}/rotate`, post({})];
    case 'getApiKeyUsage':
      return [`/v1/api-keys/${await target()}/usage`, {}];
    case 'listAuditEvents':
      return ['/v1/audit-events', {}];
  }
}

const operations = Object.keys(storeContract) as OperationName[];

/** Every operation with every single scope: served when the scope is the one it needs (or it needs none). */
const cases = operations.flatMap((operation) =>
  API_KEY_SCOPES.map((scope) => [operation, scope] as [OperationName, ApiKeyScope]),
);

describe('scopes', () => {
  const server = useTestServer(undefined, { verifiedKeyTtlMs: 0 });

  it.each(cases)('%s with a key holding only %s', async (operation, scope) => {
    const key = await server().store.apiKeys.create(`only ${scope}`, { scopes: [scope] });
    const [path, init] = await validRequest(server(), operation);
    const response = await server().request(path, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${key.key}` },
    });
    const needed = requiredScope(storeContract[operation]);
    if (needed === undefined || needed === scope) {
      expect(response.status, await response.text()).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
      return;
    }
    expect(await see(response)).toStrictEqual(
      anError(
        403,
        'insufficient_scope',
        `This API key lacks the \`${needed}\` scope, which ${operation} needs.`,
      ),
    );
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="${needed}"`,
    );
  });

  it.each(operations)(
    '%s never answers 2xx to a revoked or an expired key, whatever its scopes',
    async (operation) => {
      const revoked = await server().store.apiKeys.create('revoked');
      await server().store.apiKeys.revoke(revoked.id);
      const expired = await server().store.apiKeys.create('expired', {
        expiresAt: new Date(Date.now() + 50).toISOString(),
      });
      await new Promise((resolve) => setTimeout(resolve, 60));
      for (const key of [revoked.key, expired.key]) {
        const [path, init] = await validRequest(server(), operation);
        const response = await server().request(path, {
          ...init,
          headers: { ...init.headers, authorization: `Bearer ${key}` },
        });
        expect(response.status).toBe(401);
      }
    },
  );

  it('checks the scope before the body is read', async () => {
    const reader = await server().store.apiKeys.create('reader', { scopes: ['pets:read'] });
    const response = await server().request('/v1/pets', {
      method: 'POST',
      headers: { authorization: `Bearer ${reader.key}`, 'content-type': 'text/plain' },
      body: '{not json',
    });
    expect((await see(response)).body).toMatchObject({ code: 'insufficient_scope' });
  });
});
