import { ApiKeySchema, CreatedApiKeySchema, LASTING_MANAGER_HOURS } from '@animal-store/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDatabaseKinds } from '../test-support/databases.js';
import { anError, see } from '../test-support/http-assertions.js';
import { useTestServer } from '../test-support/use-test-server.js';

const BOUND_MS = LASTING_MANAGER_HOURS * 3600_000;

const LAST_MANAGER_MESSAGE =
  `This is the last active key that can manage keys for more than ${LASTING_MANAGER_HOURS} hours: revoking it ` +
  'would lock everyone out. Create another key with the keys:manage scope, expiring later than that or never, first.';

/**
 * The process clock is the server's one clock (every decision reads `Date`): the test sets it, in this process,
 * where the server runs, so that instants at the bound are decided exactly, however slow the machine.
 */
describe.each(testDatabaseKinds)('a revocation leaves a manager that lasts, on $name', (kind) => {
  const server = useTestServer(kind, { verifiedKeyTtlMs: 0 });
  let now: number;

  beforeEach(() => {
    now = Date.now();
    vi.useFakeTimers({ now, toFake: ['Date'] });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const as = (key: string, init: RequestInit = {}) => ({
    ...init,
    headers: { ...init.headers, authorization: `Bearer ${key}` },
  });
  const managerExpiringIn = async (ms: number) => {
    const body = {
      name: `expires in ${ms} ms`,
      scopes: ['keys:manage'],
      expiresAt: new Date(now + ms).toISOString(),
    };
    const response = await server().request('/v1/api-keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    return CreatedApiKeySchema.parse(await response.json());
  };
  const revoke = async (id: number | string, key: string) =>
    see(await server().request(`/v1/api-keys/${id}`, as(key, { method: 'DELETE' })));

  it('refuses a manager expiring within the bound the last lasting manager; one expiring after it may', async () => {
    // The test server's own key never expires: until now, the one manager that lasts.
    const lasting = ApiKeySchema.parse(await (await server().request('/v1/api-keys/current')).json());
    const soon = await managerExpiringIn(4_000);
    expect(await revoke(lasting.id, soon.key)).toStrictEqual(
      anError(409, 'last_key_manager', LAST_MANAGER_MESSAGE),
    );
    // Six seconds on, the short-lived manager has stopped and the lasting one still manages keys.
    vi.setSystemTime(now + 6_000);
    expect((await server().request('/v1/api-keys')).status).toBe(200);
    expect((await server().request('/v1/api-keys', as(soon.key))).status).toBe(401);

    vi.setSystemTime(now);
    const atTheBound = await managerExpiringIn(BOUND_MS);
    expect(await revoke(lasting.id, atTheBound.key)).toStrictEqual(
      anError(409, 'last_key_manager', LAST_MANAGER_MESSAGE),
    );
    const pastTheBound = await managerExpiringIn(BOUND_MS + 1_000);
    expect((await revoke(lasting.id, pastTheBound.key)).status).toBe(200);
    // Now it is the one that lasts: the one at the bound may not revoke it, nor may it revoke itself.
    expect(await revoke(pastTheBound.id, atTheBound.key)).toStrictEqual(
      anError(409, 'last_key_manager', LAST_MANAGER_MESSAGE),
    );
    expect((await revoke(pastTheBound.id, pastTheBound.key)).status).toBe(409);
    // A manager that does not last may still be revoked while one that does remains.
    expect((await revoke(atTheBound.id, pastTheBound.key)).status).toBe(200);
  });
});
