import {
  ApiKeySchema,
  AuditEventSchema,
  CreatedApiKeySchema,
  LASTING_MANAGER_HOURS,
  FIELD_MESSAGES as M,
} from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/databases.js';
import { anError, see } from '../test-support/http-assertions.js';
import { useTestServer } from '../test-support/use-test-server.js';

const send = (method: string, body: unknown, key?: string): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(key && { authorization: `Bearer ${key}` }) },
  body: JSON.stringify(body),
});

const LAST_MANAGER_BY_NETWORK =
  'This change would leave no active key that can manage keys, lasts more than ' +
  `${LASTING_MANAGER_HOURS} hours and may be used from 127.0.0.1: allow this address, or change another manager ` +
  'first.';

describe.each(testDatabaseKinds)("a key's own policy through the API on $name", (kind) => {
  const server = useTestServer(kind, {
    verifiedKeyTtlMs: 0,
    rateLimits: { requestsPerKeyPerMinute: 1000, keyLimitMaxPerMinute: 5000 },
  });
  const patch = (id: number | string, body: unknown, key?: string) =>
    server().request(`/v1/api-keys/${id}`, send('PATCH', body, key));
  const make = async (body: Record<string, unknown>) => {
    const response = await server().request('/v1/api-keys', send('POST', { scopes: ['pets:read'], ...body }));
    expect(response.status, await response.clone().text()).toBe(201);
    const created = CreatedApiKeySchema.parse(await response.json());
    return { ...created, id: Number(created.id) };
  };
  const eventsOf = async (keyId: number) => {
    const response = await server().request(`/v1/audit-events?keyId=${keyId}&action=api_key.updated`);
    return AuditEventSchema.array().parse(await response.json());
  };

  it('creates a key with its policy and shows it in every answer that shows the key', async () => {
    const created = await make({ name: 'partner', rateLimitPerMinute: 20, allowedNetworks: ['127.0.0.0/8'] });
    expect(created).toMatchObject({ rateLimitPerMinute: 20, allowedNetworks: ['127.0.0.0/8'] });
    const listed = ApiKeySchema.array().parse(await (await server().request('/v1/api-keys')).json());
    expect(listed.find((key) => key.id === created.id)).toMatchObject({
      rateLimitPerMinute: 20,
      allowedNetworks: ['127.0.0.0/8'],
    });
    const current = await server().request('/v1/api-keys/current', {
      headers: { authorization: `Bearer ${created.key}` },
    });
    expect(await current.json()).toMatchObject({ rateLimitPerMinute: 20, allowedNetworks: ['127.0.0.0/8'] });
    const plain = await make({ name: 'plain' });
    expect(plain).toMatchObject({ rateLimitPerMinute: null, allowedNetworks: null });
  });

  it('changes what is given, leaves what is not, removes with null, and records each change once', async () => {
    const key = await make({ name: 'partner', rateLimitPerMinute: 20 });
    const renamed = await patch(key.id, { name: 'partner (Lyon)', allowedNetworks: ['10.0.0.0/8'] });
    expect(renamed.status).toBe(200);
    expect(ApiKeySchema.strict().parse(await renamed.json())).toMatchObject({
      name: 'partner (Lyon)',
      rateLimitPerMinute: 20,
      allowedNetworks: ['10.0.0.0/8'],
    });
    const removed = await patch(key.id, { rateLimitPerMinute: null, allowedNetworks: null });
    expect(await removed.json()).toMatchObject({
      name: 'partner (Lyon)',
      rateLimitPerMinute: null,
      allowedNetworks: null,
    });
    // The same again changes nothing, and records nothing.
    expect((await patch(key.id, { allowedNetworks: null })).status).toBe(200);
    expect(await server().store.apiKeys.findById(key.id)).toMatchObject({
      name: 'partner (Lyon)',
      rateLimitPerMinute: null,
      allowedNetworks: null,
    });
    const events = await eventsOf(key.id);
    expect(events.map((event) => [event.outcome, event.code])).toStrictEqual([
      ['done', null],
      ['done', null],
    ]);
    expect(events[0]).toMatchObject({ clientAddress: '127.0.0.1', actor: { type: 'key' } });
  });

  it('refuses, naming the field, what cannot work', async () => {
    const key = await make({ name: 'refused' });
    const cases: [unknown, string][] = [
      [{ allowedNetworks: ['10.0.0.1/8'] }, `body field 'allowedNetworks.0': ${M.networkHostBitsSet}`],
      [
        { allowedNetworks: ['10.0.0.0/8', '2001:db8::1/32'] },
        `body field 'allowedNetworks.1': ${M.networkHostBitsSet}`,
      ],
      [{ allowedNetworks: ['10.0.0/8'] }, `body field 'allowedNetworks.0': ${M.notNetwork}`],
      [
        { allowedNetworks: Array.from({ length: 51 }, (_, index) => `10.${index}.0.0/16`) },
        `body field 'allowedNetworks': ${M.tooManyNetworks}`,
      ],
      [{ rateLimitPerMinute: 0 }, `body field 'rateLimitPerMinute': ${M.notRateLimit}`],
      [
        { rateLimitPerMinute: 5001 },
        "body field 'rateLimitPerMinute': must be a whole number from 1 to 5000, the most this store allows, or " +
          "null for the store's default",
      ],
    ];
    for (const [body, message] of cases) {
      expect(await see(await patch(key.id, body))).toStrictEqual(anError(400, 'validation_failed', message));
    }
    const refusedCreate = await server().request(
      '/v1/api-keys',
      send('POST', { name: 'too fast', scopes: ['pets:read'], rateLimitPerMinute: 5001 }),
    );
    expect((await see(refusedCreate)).body).toMatchObject({ code: 'validation_failed' });
    expect(await server().store.apiKeys.findById(key.id)).toMatchObject({
      rateLimitPerMinute: null,
      allowedNetworks: null,
    });
  });

  it('answers 404 for an unknown key and 409 for a revoked one, and records both refusals', async () => {
    expect(await see(await patch(99_999, { name: 'x' }))).toStrictEqual(
      anError(404, 'api_key_not_found', 'No API key has id 99999.'),
    );
    const key = await make({ name: 'revoked' });
    await server().request(`/v1/api-keys/${key.id}`, { method: 'DELETE' });
    expect(await see(await patch(key.id, { rateLimitPerMinute: 5 }))).toStrictEqual(
      anError(409, 'api_key_inactive', `API key ${key.id} is revoked: only an active key can be changed.`),
    );
    expect((await eventsOf(key.id)).map((event) => [event.outcome, event.code])).toStrictEqual([
      ['refused', 'api_key_inactive'],
    ]);
    expect((await eventsOf(99_999)).map((event) => [event.outcome, event.code])).toStrictEqual([
      ['refused', 'api_key_not_found'],
    ]);
  });

  it('carries the policy to a successor on rotation', async () => {
    const key = await make({ name: 'rotated', rateLimitPerMinute: 30, allowedNetworks: ['127.0.0.1/32'] });
    const rotated = await server().request(`/v1/api-keys/${key.id}/rotate`, send('POST', {}));
    expect(await rotated.json()).toMatchObject({
      replaces: key.id,
      rateLimitPerMinute: 30,
      allowedNetworks: ['127.0.0.1/32'],
    });
  });
});

describe.each(testDatabaseKinds)('the last-manager rule for networks on $name', (kind) => {
  const server = useTestServer(kind, { verifiedKeyTtlMs: 0 });
  const patch = (id: number, body: unknown, key?: string) =>
    server().request(`/v1/api-keys/${id}`, send('PATCH', body, key));

  it('refuses a network list that leaves no manager usable from the address asking, and records it', async () => {
    const current = ApiKeySchema.parse(await (await server().request('/v1/api-keys/current')).json());
    const id = current.id as number;
    expect(await see(await patch(id, { allowedNetworks: ['10.0.0.0/8'] }))).toStrictEqual(
      anError(409, 'last_key_manager', LAST_MANAGER_BY_NETWORK),
    );
    expect(await see(await patch(id, { allowedNetworks: [] }))).toStrictEqual(
      anError(409, 'last_key_manager', LAST_MANAGER_BY_NETWORK),
    );
    // A list that holds the address is no lock-out.
    expect((await patch(id, { allowedNetworks: ['127.0.0.0/8', '10.0.0.0/8'] })).status).toBe(200);
    const events = AuditEventSchema.array().parse(
      await (await server().request(`/v1/audit-events?keyId=${id}&action=api_key.updated`)).json(),
    );
    expect(events.map((event) => [event.outcome, event.code])).toStrictEqual([
      ['done', null],
      ['refused', 'last_key_manager'],
      ['refused', 'last_key_manager'],
    ]);

    // With another manager usable from here, the first may be tied to other networks.
    const other = await server().store.apiKeys.create('second manager', { scopes: ['keys:manage'] });
    expect((await patch(id, { allowedNetworks: ['10.0.0.0/8'] })).status).toBe(200);
    // The first is now refused from here; the second cannot lock itself out too.
    const refused = await server().request('/v1/api-keys/current');
    expect(await see(refused)).toStrictEqual(
      anError(
        403,
        'api_key_network_refused',
        'This API key may not be used from 127.0.0.1: its allowed networks do not include that address.',
      ),
    );
    expect(await see(await patch(other.id, { allowedNetworks: ['10.0.0.0/8'] }, other.key))).toStrictEqual(
      anError(409, 'last_key_manager', LAST_MANAGER_BY_NETWORK),
    );
    // The way back: the second frees the first.
    expect((await patch(id, { allowedNetworks: null }, other.key)).status).toBe(200);
    expect((await server().request('/v1/api-keys/current')).status).toBe(200);
  });
});
