import {
  type ApiKey,
  ApiKeyListSchema,
  ApiKeySchema,
  CreatedApiKeySchema,
  LASTING_MANAGER_HOURS,
} from '@animal-store/contract';
import { seedKey } from '@animal-store/testing/seed';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { occurrences, SHOWN_ONCE } from './support/keys.js';
import { envFor, runCli } from './support/run-cli.js';
import { runInTerminal } from './support/terminal.js';

const REFUSED = (why: string) =>
  `error: unauthorized (HTTP 401): The API key has ${why}: ask an admin of the store for a new one.\n`;

const HOUR_MS = 3_600_000;

describe('with a configured key that manages keys', () => {
  let server: StoreProcess;
  beforeAll(async () => {
    server = await startStore();
  });
  afterAll(() => server.stop());

  const cli = (...args: string[]) => runCli(args, { env: envFor(server) });
  const withKey = (key: string, ...args: string[]) =>
    runCli(args, { env: { ...envFor(server), ANIMAL_STORE_API_KEY: key } });
  const readKey = () => seedKey(server, { name: 'reader', scopes: ['pets:read'] });

  describe('keys revoke', () => {
    it('revokes a key at once and prints it as revoked', async () => {
      const key = await readKey();
      const result = await cli('keys', 'revoke', String(key.id));
      expect(result.code).toStrictEqual(0);
      expect(result.stderr).toStrictEqual('');
      const { key: _secret, ...shown } = key;
      expect(ApiKeySchema.parse(JSON.parse(result.stdout))).toStrictEqual({
        ...shown,
        state: 'revoked',
        revokedAt: expect.any(String),
      });
      expect(await withKey(key.key, 'pets', 'list')).toStrictEqual({
        code: 1,
        stdout: '',
        stderr: REFUSED('been revoked'),
      });
    });

    it('says what it revoked at a terminal', async () => {
      const key = await readKey();
      expect(await runInTerminal(['keys', 'revoke', String(key.id)], envFor(server))).toStrictEqual({
        code: 0,
        output: `Revoked key ${key.id} (reader, ${key.prefix}): it is no longer accepted.\n`,
      });
    });

    it("exits with 1 and the store's message for an id no key has", async () => {
      const result = await cli('keys', 'revoke', '999999');
      expect(result).toStrictEqual({
        code: 1,
        stdout: '',
        stderr: 'error: api_key_not_found (HTTP 404): No API key has id 999999.\n',
      });
    });
  });

  describe('keys rotate', () => {
    it('makes a successor with the same name and scopes, and --overlap keeps the old key that long', async () => {
      const old = await seedKey(server, { name: 'billing', scopes: ['pets:read', 'pets:write'] });
      const before = Date.now();
      const result = await cli('keys', 'rotate', String(old.id), '--overlap', '2');
      const after = Date.now();
      expect(result.code).toStrictEqual(0);
      expect(result.stderr).toStrictEqual(SHOWN_ONCE);
      const successor = CreatedApiKeySchema.parse(JSON.parse(result.stdout));
      expect(successor).toStrictEqual({
        ...successor,
        name: 'billing',
        scopes: ['pets:read', 'pets:write'],
        state: 'active',
        configured: false,
      });
      expect(successor.id).not.toStrictEqual(old.id);
      expect(occurrences(result.stdout, successor.key)).toStrictEqual(1);

      // Both keys work during the overlap, and the old one ends two hours after the rotation.
      expect((await withKey(successor.key, 'pets', 'list')).code).toStrictEqual(0);
      expect((await withKey(old.key, 'pets', 'list')).code).toStrictEqual(0);
      const list = ApiKeyListSchema.parse(JSON.parse((await cli('keys', 'list', '--json')).stdout));
      const oldNow = list.find((key) => key.id === old.id);
      expect(oldNow?.state).toStrictEqual('active');
      const end = Date.parse(oldNow?.expiresAt ?? '');
      expect(end).toBeGreaterThanOrEqual(before - 1000 + 2 * HOUR_MS);
      expect(end).toBeLessThanOrEqual(after + 1000 + 2 * HOUR_MS);
    });

    it('with --overlap 0 ends the old key now, which then cannot be rotated again', async () => {
      const old = await readKey();
      const rotated = await cli('keys', 'rotate', String(old.id), '--overlap', '0');
      expect(rotated.code).toStrictEqual(0);
      expect(await withKey(old.key, 'pets', 'list')).toStrictEqual({
        code: 1,
        stdout: '',
        stderr: REFUSED('expired'),
      });
      expect(await cli('keys', 'rotate', String(old.id))).toStrictEqual({
        code: 1,
        stdout: '',
        stderr: `error: api_key_inactive (HTTP 409): API key ${old.id} is expired: only an active key can be rotated.\n`,
      });
    });

    it('at a terminal, says how long the old key keeps working and prints the new key once', async () => {
      const old = await readKey();
      const result = await runInTerminal(['keys', 'rotate', String(old.id)], envFor(server));
      const [, id, key] = new RegExp(
        `^Rotated key ${old.id}: its successor is key (\\d+) \\(reader\\); key ${old.id} keeps working for at most 24 more hours\\.\\n(as_[\\w-]+)\\n`,
      ).exec(result.output) ?? [result.output];
      expect(result).toStrictEqual({
        code: 0,
        output:
          `Rotated key ${old.id}: its successor is key ${id} (reader); key ${old.id} keeps working for at most 24 more hours.\n` +
          `${key}\n${SHOWN_ONCE}`,
      });
    });
  });
});

describe('with only the first key the store made', () => {
  let server: StoreProcess;
  beforeAll(async () => {
    server = await startStore({ firstKeyOnly: true });
  });
  afterAll(() => server.stop());

  const cli = (...args: string[]) => runCli(args, { env: envFor(server) });

  it('refuses to let the last key that manages keys revoke itself, and allows it once there is another', async () => {
    const keys = ApiKeyListSchema.parse(JSON.parse((await cli('keys', 'list', '--json')).stdout));
    expect(keys).toHaveLength(1);
    const [self] = keys as [ApiKey];
    expect(await cli('keys', 'revoke', String(self.id))).toStrictEqual({
      code: 1,
      stdout: '',
      stderr:
        'error: last_key_manager (HTTP 409): This is the last active key that can manage keys for more than ' +
        `${LASTING_MANAGER_HOURS} hours: revoking it would lock everyone out. Create another key with the ` +
        'keys:manage scope, expiring later than that or never, first.\n',
    });

    await seedKey(server, { name: 'second manager', scopes: ['keys:manage'] });
    const revoked = await cli('keys', 'revoke', String(self.id));
    expect(revoked.code).toStrictEqual(0);
    expect(ApiKeySchema.parse(JSON.parse(revoked.stdout)).state).toStrictEqual('revoked');
  });
});
