import { type AuditEvent, AuditEventSchema, CreatedApiKeySchema } from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/databases.js';
import { useTestServer } from '../test-support/use-test-server.js';

const USER_AGENT = 'audit-test/1.0';

const post = (body: unknown, key?: string): RequestInit => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    ...(key && { authorization: `Bearer ${key}` }),
  },
  body: JSON.stringify(body),
});

const withKey = (key: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { 'user-agent': USER_AGENT, ...init.headers, authorization: `Bearer ${key}` },
});

describe.each(testDatabaseKinds)('the audit log of key operations on $name', (kind) => {
  const server = useTestServer(kind, { verifiedKeyTtlMs: 0 });

  /** Every event, oldest first. */
  async function allEvents(): Promise<AuditEvent[]> {
    const response = await server().request('/v1/audit-events?limit=100');
    expect(response.status).toBe(200);
    return AuditEventSchema.array()
      .parse(await response.json())
      .reverse();
  }

  /** The events a call added, and the call's answer. */
  async function eventsOf(
    call: () => Promise<Response>,
  ): Promise<{ response: Response; events: AuditEvent[] }> {
    const before = (await allEvents()).length;
    const response = await call();
    return { response, events: (await allEvents()).slice(before) };
  }

  const testKey = async () => {
    const response = await server().request('/v1/api-keys/current');
    return (await response.json()) as { id: number; name: string };
  };

  it('records a create, a rotation and a revocation, each once, with who, what, from where and the request id', async () => {
    const actor = await testKey();
    const by = { type: 'key', keyId: String(actor.id), name: actor.name };
    const where = { clientAddress: '127.0.0.1', userAgent: USER_AGENT };

    const made = await eventsOf(() =>
      server().request('/v1/api-keys', post({ name: 'inventory-sync', scopes: ['pets:read'] })),
    );
    const created = CreatedApiKeySchema.parse(await made.response.json());
    expect(made.events).toStrictEqual([
      {
        id: expect.any(Number),
        at: created.createdAt,
        action: 'api_key.created',
        outcome: 'done',
        code: null,
        actor: by,
        keyId: created.id,
        successorId: null,
        requestId: made.response.headers.get('x-request-id'),
        ...where,
        previousHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    expect(JSON.stringify(made.events)).not.toContain(created.key);

    const rotated = await eventsOf(() => server().request(`/v1/api-keys/${created.id}/rotate`, post({})));
    const successor = CreatedApiKeySchema.parse(await rotated.response.json());
    expect(rotated.events).toMatchObject([
      {
        action: 'api_key.rotated',
        outcome: 'done',
        code: null,
        actor: by,
        keyId: created.id,
        successorId: successor.id,
        requestId: rotated.response.headers.get('x-request-id'),
        ...where,
      },
    ]);

    const revoked = await eventsOf(() =>
      server().request(`/v1/api-keys/${successor.id}`, { method: 'DELETE' }),
    );
    expect(revoked.response.status).toBe(200);
    expect(revoked.events).toMatchObject([
      { action: 'api_key.revoked', outcome: 'done', code: null, keyId: successor.id, actor: by },
    ]);
    // Revoking it again changes nothing, and records nothing.
    const again = await eventsOf(() =>
      server().request(`/v1/api-keys/${successor.id}`, { method: 'DELETE' }),
    );
    expect(again.response.status).toBe(200);
    expect(again.events).toStrictEqual([]);
  });

  it('records the refusals an authenticated caller gets, with their codes, and no 401', async () => {
    const reader = CreatedApiKeySchema.parse(
      await (await server().request('/v1/api-keys', post({ name: 'reader', scopes: ['pets:read'] }))).json(),
    );
    const target = CreatedApiKeySchema.parse(
      await (await server().request('/v1/api-keys', post({ name: 'target', scopes: ['pets:read'] }))).json(),
    );
    const byReader = { type: 'key', keyId: String(reader.id), name: 'reader' };

    const scoped = await eventsOf(() =>
      server().request(`/v1/api-keys/${target.id}`, withKey(reader.key, { method: 'DELETE' })),
    );
    expect(scoped.response.status).toBe(403);
    expect(scoped.events).toMatchObject([
      {
        action: 'api_key.revoked',
        outcome: 'refused',
        code: 'insufficient_scope',
        actor: byReader,
        keyId: target.id,
        requestId: scoped.response.headers.get('x-request-id'),
        userAgent: USER_AGENT,
      },
    ]);
    const reading = await eventsOf(() => server().request('/v1/audit-events', withKey(reader.key)));
    expect(reading.response.status).toBe(403);
    expect(reading.events).toMatchObject([
      { action: 'audit_events.listed', outcome: 'refused', code: 'insufficient_scope', keyId: null },
    ]);

    await server().request(`/v1/api-keys/${target.id}/rotate`, post({}));
    const twice = await eventsOf(() => server().request(`/v1/api-keys/${target.id}/rotate`, post({})));
    expect(twice.response.status).toBe(409);
    expect(twice.events).toMatchObject([
      {
        action: 'api_key.rotated',
        outcome: 'refused',
        code: 'api_key_rotated',
        keyId: target.id,
        successorId: null,
      },
    ]);

    const actor = await testKey();
    const last = await eventsOf(() => server().request(`/v1/api-keys/${actor.id}`, { method: 'DELETE' }));
    expect(last.response.status).toBe(409);
    expect(last.events).toMatchObject([
      { action: 'api_key.revoked', outcome: 'refused', code: 'last_key_manager', keyId: actor.id },
    ]);

    // An unknown key is answered 401, and leaves nothing: anyone could fill the table with those.
    const stranger = await eventsOf(() =>
      server().request('/v1/api-keys', post({ name: 'x', scopes: ['pets:read'] }, 'as_not-a-key')),
    );
    expect(stranger.response.status).toBe(401);
    expect(stranger.events).toStrictEqual([]);
    // Animal operations write no event, nor does a read of the keys by a manager.
    const reads = await eventsOf(async () => {
      await server().request('/v1/pets', post({ name: 'Rex', categoryId: 1 }));
      await server().request('/v1/pets');
      return server().request('/v1/api-keys');
    });
    expect(reads.events).toStrictEqual([]);
  });

  it('chains each event to the one before, in id order', async () => {
    const events = await allEvents();
    expect(events.length).toBeGreaterThan(5);
    events.slice(1).forEach((event, index) => {
      expect(event.id).toBe((events[index] as AuditEvent).id + 1);
      expect(event.previousHash).toBe((events[index] as AuditEvent).hash);
    });
  });

  it('lists newest first, a page at a time with a next link that keeps the filters', async () => {
    const all = (await allEvents()).reverse();
    const response = await server().request('/v1/audit-events?limit=2&action=api_key.created');
    const created = all.filter((event) => event.action === 'api_key.created');
    expect(await response.json()).toStrictEqual(created.slice(0, 2));
    const link = response.headers.get('link') ?? '';
    expect(link).toMatch(/^<\/v1\/audit-events\?limit=2&action=api_key.created&cursor=[^>]+>; rel="next"$/);
    const next = await server().request(/<(.*)>/.exec(link)?.[1] ?? '');
    expect(await next.json()).toStrictEqual(created.slice(2, 4));
  });

  it('filters by key: events acting on it, made by it, and the rotation that made it', async () => {
    const all = (await allEvents()).reverse();
    const rotation = all.find((event) => event.action === 'api_key.rotated' && event.outcome === 'done');
    const successorId = rotation?.successorId as number;
    const response = await server().request(`/v1/audit-events?keyId=${successorId}`);
    expect(await response.json()).toStrictEqual(
      all.filter((event) => event.keyId === successorId || event.successorId === successorId),
    );
    const actor = await testKey();
    const byActor = await (await server().request(`/v1/audit-events?keyId=${actor.id}&limit=100`)).json();
    expect(byActor).toStrictEqual(
      all.filter((event) => event.actor.keyId === String(actor.id) || event.keyId === actor.id),
    );
  });

  it('filters by time, since included and until excluded', async () => {
    const all = (await allEvents()).reverse();
    const middle = all[Math.floor(all.length / 2)] as AuditEvent;
    const since = await (await server().request(`/v1/audit-events?limit=100&since=${middle.at}`)).json();
    expect(since).toStrictEqual(all.filter((event) => event.at >= middle.at));
    const until = await (await server().request(`/v1/audit-events?limit=100&until=${middle.at}`)).json();
    expect(until).toStrictEqual(all.filter((event) => event.at < middle.at));
  });

  it('refuses a cursor it did not issue and a filter that is not one', async () => {
    const cursor = await server().request('/v1/audit-events?cursor=bm9wZQ');
    expect(cursor.status).toBe(400);
    expect(((await cursor.json()) as { code: string }).code).toBe('invalid_cursor');
    const action = await server().request('/v1/audit-events?action=api_key.deleted');
    expect(await action.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('the audit log behind a trusted proxy', () => {
  const server = useTestServer(undefined, { config: { trustProxy: ['loopback'] } });

  it('records the client the proxy names, by the rule the log follows', async () => {
    const response = await server().request('/v1/api-keys', {
      ...post({ name: 'proxied', scopes: ['pets:read'] }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.24' },
    });
    expect(response.status).toBe(201);
    const [event] = AuditEventSchema.array().parse(
      await (await server().request('/v1/audit-events?limit=1')).json(),
    );
    expect(event?.clientAddress).toBe('203.0.113.24');
    const logged = server()
      .logLines()
      .find((line) => (line.req as { id?: string } | undefined)?.id === response.headers.get('x-request-id'));
    expect(logged?.req).toMatchObject({ remoteAddress: '203.0.113.24' });
  });
});
