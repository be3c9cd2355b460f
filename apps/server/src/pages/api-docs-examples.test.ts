import {
  API_KEY_SCOPES,
  type ApiError,
  type ApiKeyScope,
  requiredScope,
  type StoreContract,
  storeContract,
} from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { type SeenResponse, see } from '../test-support/http-assertions.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

interface Operation {
  operationId: keyof StoreContract;
  responses: Record<
    string,
    { content?: { 'application/json'?: { examples?: Record<string, { value: ApiError }> } } }
  >;
}

/** A request the operation would serve, before anything checks it. */
const PLAIN_REQUESTS: Record<string, { path: string; init: RequestInit }> = {
  listPets: { path: '/v1/pets', init: {} },
  createPet: { path: '/v1/pets', init: json('POST', { name: 'Biscuit', categoryId: 3 }) },
  getPet: { path: '/v1/pets/1', init: {} },
  listApiKeys: { path: '/v1/api-keys', init: {} },
  getCurrentApiKey: { path: '/v1/api-keys/current', init: {} },
  createApiKey: {
    path: '/v1/api-keys',
    init: json('POST', { name: 'inventory-sync', scopes: ['pets:read'] }),
  },
  revokeApiKey: { path: '/v1/api-keys/99', init: { method: 'DELETE' } },
  updateApiKey: { path: '/v1/api-keys/99', init: json('PATCH', { name: 'inventory-sync' }) },
  rotateApiKey: { path: '/v1/api-keys/99/rotate', init: json('POST', {}) },
  listAuditEvents: { path: '/v1/audit-events', init: {} },
  getApiKeyUsage: { path: '/v1/api-keys/99/usage', init: {} },
};

function json(method: string, body: unknown, contentType = 'application/json'): RequestInit {
  return { method, headers: { 'content-type': contentType }, body: JSON.stringify(body) };
}

const TOO_LARGE = { name: 'x'.repeat(17 * 1024), categoryId: 3 };

/**
 * The examples the document tells of, and the store that can tell them: ids, counts and request ids in a message
 * differ between the document's story and this store, so both sides are compared with those left out.
 */
const withoutNumbers = (body: unknown) => {
  const error = body as ApiError;
  return {
    ...error,
    message: error.message
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<request id>')
      .replace(/\b\d+\b/g, '<n>'),
  };
};

/** Neither can be asked of a store on demand: a request still running at the same moment, a database gone. */
const NOT_PROVOKED = ['createPet 409 idempotency_request_in_progress', '503 service_unavailable'];

describe('the Error examples of the served OpenAPI document', () => {
  let database: TestDatabase;
  let server: TestServer;
  let operations: Operation[];
  /** A key with every scope but the one named. */
  const lacking = new Map<ApiKeyScope, string>();

  beforeAll(async () => {
    database = await sqliteTestDatabase.create();
    server = await startTestServer(database.config);
    for (const scope of API_KEY_SCOPES) {
      const scopes = API_KEY_SCOPES.filter((other) => other !== scope);
      lacking.set(scope, (await server.store.apiKeys.create(`without ${scope}`, { scopes })).key);
    }
    const document = (await (await fetch(`${server.origin}/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.values(document.paths).flatMap((path) => Object.values(path));
  });

  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  /** What the store answers to the request that should provoke `code` on `operationId`. */
  async function provoke(
    operationId: keyof StoreContract,
    code: string,
    message: string,
  ): Promise<SeenResponse> {
    const plain = PLAIN_REQUESTS[operationId] as { path: string; init: RequestInit };
    const asIs = async (path = plain.path, init: RequestInit = plain.init) =>
      see(await server.request(path, init));
    switch (`${operationId} ${code}`) {
      case 'listPets validation_failed':
        return asIs('/v1/pets?limit=101');
      case 'listPets invalid_cursor':
        return asIs('/v1/pets?cursor=bm90LWEtY3Vyc29y');
      case 'createPet validation_failed':
        return asIs('/v1/pets', json('POST', { name: ' ', categoryId: 3 }));
      case 'createPet malformed_json':
        return asIs('/v1/pets', { ...json('POST', {}), body: '{"name":' });
      case 'createPet idempotency_key_reused': {
        const headers = { 'content-type': 'application/json', 'idempotency-key': 'docs-example-key' };
        await asIs('/v1/pets', {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: 'Biscuit', categoryId: 3 }),
        });
        return asIs('/v1/pets', {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: 'Juniper', categoryId: 3 }),
        });
      }
      case 'getPet validation_failed':
        return asIs('/v1/pets/abc');
      case 'getPet pet_not_found':
        return asIs('/v1/pets/2048');
      case 'listAuditEvents validation_failed':
        return asIs('/v1/audit-events?since=yesterday');
      case 'listAuditEvents invalid_cursor':
        return asIs('/v1/audit-events?cursor=bm90LWEtY3Vyc29y');
      case 'listApiKeys validation_failed':
        return asIs('/v1/api-keys?limit=5');
      case 'getCurrentApiKey validation_failed':
        return asIs('/v1/api-keys/current?expand=scopes');
      case 'createApiKey validation_failed':
        return asIs('/v1/api-keys', json('POST', { name: 'inventory-sync', scopes: [] }));
      case 'revokeApiKey validation_failed':
        return asIs('/v1/api-keys/env-1', { method: 'DELETE' });
      case 'revokeApiKey last_key_manager':
        // A store whose one key is the only one that can manage keys, and revokes itself.
        return withServer({}, async (alone) => {
          const current = (await (await alone.request('/v1/api-keys/current')).json()) as { id: number };
          return alone.request(`/v1/api-keys/${current.id}`, { method: 'DELETE' });
        });
      case 'getApiKeyUsage validation_failed':
        return asIs('/v1/api-keys/1/usage?since=2026-01-01T00:00:00Z&until=2026-06-01T00:00:00Z');
      case 'updateApiKey validation_failed': {
        const made = await server.store.apiKeys.create('policy refused');
        // Two examples of one code: the field the example names says which.
        const body = message.includes('allowedNetworks')
          ? { allowedNetworks: ['10.0.0.1/8'] }
          : { rateLimitPerMinute: 0 };
        return asIs(`/v1/api-keys/${made.id}`, json('PATCH', body));
      }
      case 'updateApiKey api_key_inactive': {
        const made = await server.store.apiKeys.create('revoked before a change');
        await asIs(`/v1/api-keys/${made.id}`, { method: 'DELETE' });
        return asIs(`/v1/api-keys/${made.id}`, json('PATCH', { rateLimitPerMinute: 60 }));
      }
      case 'updateApiKey last_key_manager':
        // A store whose one manager ties itself to a network the request does not come from.
        return withServer({}, async (alone) => {
          const current = (await (await alone.request('/v1/api-keys/current')).json()) as { id: number };
          return alone.request(
            `/v1/api-keys/${current.id}`,
            json('PATCH', { allowedNetworks: ['198.51.100.0/24'] }),
          );
        });
      case 'rotateApiKey validation_failed':
        return asIs('/v1/api-keys/1/rotate', json('POST', { overlapHours: 1000 }));
      case 'rotateApiKey api_key_rotated': {
        const made = await server.store.apiKeys.create('rotated twice');
        await asIs(`/v1/api-keys/${made.id}/rotate`, json('POST', {}));
        return asIs(`/v1/api-keys/${made.id}/rotate`, json('POST', {}));
      }
      case 'rotateApiKey api_key_inactive': {
        const made = await server.store.apiKeys.create('revoked before rotation');
        await asIs(`/v1/api-keys/${made.id}`, { method: 'DELETE' });
        return asIs(`/v1/api-keys/${made.id}/rotate`, json('POST', {}));
      }
    }
    switch (code) {
      case 'api_key_not_found':
        return asIs();
      case 'payload_too_large':
        return asIs(plain.path, json(plain.init.method ?? 'POST', TOO_LARGE));
      case 'unsupported_media_type':
        return asIs(plain.path, json(plain.init.method ?? 'POST', {}, 'text/plain'));
      case 'unauthorized':
        return see(await fetch(`${server.origin}${plain.path}`, plain.init));
      case 'api_key_network_refused': {
        const elsewhere = await server.store.apiKeys.create('used from elsewhere', {
          allowedNetworks: ['198.51.100.0/24'],
        });
        return asIs(plain.path, {
          ...plain.init,
          headers: { ...plain.init.headers, authorization: `Bearer ${elsewhere.key}` },
        });
      }
      case 'insufficient_scope': {
        const key = lacking.get(requiredScope(storeContract[operationId]) as ApiKeyScope);
        return asIs(plain.path, {
          ...plain.init,
          headers: { ...plain.init.headers, authorization: `Bearer ${key}` },
        });
      }
      case 'rate_limited':
        return withServer({ rateLimits: { requestsPerKeyPerMinute: 0 } }, (other) =>
          other.request(plain.path, plain.init),
        );
      case 'internal_error':
        return withServer({}, async (other) => {
          await other.store.database.close();
          return other.request(plain.path, plain.init);
        });
    }
    throw new Error(`No request provokes ${code} on ${operationId}: add one here.`);
  }

  it('are each what the store answers to the request that provokes it', async () => {
    const unprovoked: string[] = [];
    for (const { operationId, responses } of operations) {
      for (const [status, response] of Object.entries(responses)) {
        for (const { value } of Object.values(response.content?.['application/json']?.examples ?? {})) {
          const name = `${operationId} ${status} ${value.code}`;
          if (NOT_PROVOKED.some((left) => name.endsWith(left))) {
            unprovoked.push(name);
            continue;
          }
          const seen = await provoke(operationId, value.code, value.message);
          expect({ name, status: seen.status, body: withoutNumbers(seen.body) }).toStrictEqual({
            name,
            status: Number(status),
            body: withoutNumbers(value),
          });
        }
      }
    }
    // 503 on each operation, and the one in-progress create.
    expect(unprovoked).toHaveLength(operations.length + 1);
  });
});

/** Answers a request from a store of its own, started for it with `options` and closed after. */
async function withServer(
  options: Parameters<typeof startTestServer>[1],
  call: (server: TestServer) => Promise<Response>,
): Promise<SeenResponse> {
  const database = await sqliteTestDatabase.create();
  const server = await startTestServer(database.config, options);
  try {
    return await see(await call(server));
  } finally {
    await server.close().catch(() => undefined);
    await database.drop();
  }
}
