import { LASTING_MANAGER_HOURS } from '@animal-store/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withoutPassword } from './data-commands/data-connection.js';
import { openRepositories, type Repositories } from './store/repositories.js';
import { databaseUrlOf, type TestDatabase, testDatabaseKinds } from './test-support/databases.js';
import { runServerScript } from './test-support/server-process.js';

const HOUR_MS = 3600_000;

/**
 * The server's `keys revoke` keeps the rule the API keeps. The command runs in a process of its own, on its own
 * clock: the expiries lie an hour inside the bound and a whole bound beyond it, so that the command, however late
 * it runs after they were set, sees the first within the bound and the second past it.
 */
describe.each(testDatabaseKinds)('keys revoke leaves a manager that lasts, on $name', (kind) => {
  let database: TestDatabase;
  let store: Repositories;

  beforeEach(async () => {
    database = await kind.create();
    store = await openRepositories(database.config);
  });

  afterEach(async () => {
    await store.database.close();
    await database.drop();
  });

  const revoke = async (id: number, env: Record<string, string> = {}, flags: string[] = []) => {
    const run = runServerScript('src/keys-cli.ts', { DATABASE_URL: databaseUrlOf(database.config), ...env }, [
      'revoke',
      String(id),
      ...flags,
    ]);
    return { code: await run.exited, output: run.output() };
  };
  /** Where the command says it revoked a key: the SQLite file, or the PostgreSQL URL without its password. */
  const where = () =>
    database.config.kind === 'sqlite' ? database.config.path : withoutPassword(database.config.url);
  const managerExpiringIn = (ms: number) =>
    store.apiKeys.create(`expires in ${ms} ms`, {
      scopes: ['keys:manage'],
      expiresAt: new Date(Date.now() + ms).toISOString(),
    });

  it('refuses to revoke the last lasting manager while the other expires within the bound; revokes it after', async () => {
    const lasting = await store.apiKeys.create('lasting manager', { scopes: ['keys:manage'] });
    await managerExpiringIn((LASTING_MANAGER_HOURS - 1) * HOUR_MS);
    expect(await revoke(lasting.id)).toStrictEqual({
      code: 1,
      output:
        `keys: key ${lasting.id} is the last active key that can manage keys for more than ${LASTING_MANAGER_HOURS} ` +
        'hours: revoking it would lock everyone out. Create another with `keys create` (not expiring within that ' +
        'time) first, or add --lock-out to revoke it all the same.\n',
    });
    expect((await store.apiKeys.findById(lasting.id))?.revokedAt).toBeNull();

    const next = await managerExpiringIn(2 * LASTING_MANAGER_HOURS * HOUR_MS);
    expect(await revoke(lasting.id)).toStrictEqual({
      code: 0,
      output: `Revoked key ${lasting.id} in ${where()}.\n`,
    });
    expect((await revoke(next.id)).code).toBe(1);
  });

  it('revokes the last lasting manager with --lock-out, the operator choosing to close key management', async () => {
    const only = await store.apiKeys.create('leaked manager', { scopes: ['keys:manage'] });
    expect(await revoke(only.id, {}, ['--lock-out'])).toStrictEqual({
      code: 0,
      output: `Revoked key ${only.id} in ${where()}.\n`,
    });
    expect((await store.apiKeys.findById(only.id))?.revokedAt).not.toBeNull();
  });

  it('revokes the last manager when API_KEYS is set: a configured key can always manage keys', async () => {
    const only = await store.apiKeys.create('only manager', { scopes: ['keys:manage'] });
    expect(await revoke(only.id, { API_KEYS: 'configured-key-0123456789' })).toStrictEqual({
      code: 0,
      output: `Revoked key ${only.id} in ${where()}.\n`,
    });
  });
});
