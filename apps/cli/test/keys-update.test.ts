import { ApiKeySchema, CreatedApiKeySchema, FIELD_MESSAGES } from '@animal-store/contract';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOWN_ONCE } from './support/keys.js';
import { envFor, runCli } from './support/run-cli.js';
import { runInTerminal } from './support/terminal.js';

let server: StoreProcess;
beforeAll(async () => {
  server = await startStore();
});
afterAll(() => server.stop());

const cli = (...args: string[]) => runCli(args, { env: envFor(server) });
const withKey = (key: string, ...args: string[]) =>
  runCli(args, { env: { ...envFor(server), ANIMAL_STORE_API_KEY: key } });

describe("a key's policy from the command line", () => {
  it('creates a key with its own limit and networks, and the store holds it to them', async () => {
    const result = await cli(
      ...['keys', 'create', '--name', 'partner', '--scope', 'pets:read'],
      ...['--rate-limit', '120', '--network', '203.0.113.0/24', '--network', '2001:db8::/32'],
    );
    expect(result.code).toStrictEqual(0);
    expect(result.stderr).toStrictEqual(SHOWN_ONCE);
    const created = CreatedApiKeySchema.parse(JSON.parse(result.stdout));
    expect(created).toMatchObject({
      rateLimitPerMinute: 120,
      allowedNetworks: ['203.0.113.0/24', '2001:db8::/32'],
    });
    expect(await withKey(created.key, 'pets', 'list')).toStrictEqual({
      code: 1,
      stdout: '',
      stderr:
        'error: api_key_network_refused (HTTP 403): This API key may not be used from 127.0.0.1: its allowed ' +
        'networks do not include that address.\n',
    });
  });

  it('changes what is given, says the policy at a terminal, and lets the key back in with --any-network', async () => {
    const created = CreatedApiKeySchema.parse(
      JSON.parse(
        (await cli('keys', 'create', '--name', 'moved', '--scope', 'pets:read', '--network', '10.0.0.0/8'))
          .stdout,
      ),
    );
    const id = String(created.id);
    expect(await runInTerminal(['keys', 'update', id, '--rate-limit', '3000'], envFor(server))).toStrictEqual(
      {
        code: 0,
        output: `Updated key ${id} (moved): 3000 requests a minute, from 10.0.0.0/8 only.\n`,
      },
    );
    const updated = await cli(
      'keys',
      'update',
      id,
      '--name',
      'moved home',
      '--rate-limit',
      'default',
      '--any-network',
    );
    expect(updated.stderr).toStrictEqual('');
    expect(updated.code).toStrictEqual(0);
    expect(ApiKeySchema.parse(JSON.parse(updated.stdout))).toMatchObject({
      name: 'moved home',
      rateLimitPerMinute: null,
      allowedNetworks: null,
    });
    const listed = await withKey(created.key, 'pets', 'list');
    expect([listed.stderr, listed.stdout]).toStrictEqual(['', '[]\n']);
    expect(listed.code).toStrictEqual(0);
  });

  it.each([
    [
      ['--rate-limit', '0'],
      `error: option '--rate-limit <n|default>' argument '0' is invalid. ${FIELD_MESSAGES.notRateLimit}`,
    ],
    [
      ['--network', 'office'],
      `error: option '--network <cidr>' argument 'office' is invalid. ${FIELD_MESSAGES.notNetwork}`,
    ],
    [
      ['--network', '10.0.0.0/8', '--any-network'],
      "error: option '--any-network' cannot be used with option '--network <cidr>'",
    ],
  ])('refuses %j before asking the store, exit 2', async (args, message) => {
    const result = await cli('keys', 'update', '1', ...args);
    expect(result.code).toStrictEqual(2);
    expect(result.stderr.split('\n')[0]).toStrictEqual(message);
  });

  it("passes on the store's refusal of a range with address bits after its prefix, exit 1", async () => {
    expect(await cli('keys', 'update', '1', '--network', '10.0.0.1/8')).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: `error: validation_failed (HTTP 400): body field 'allowedNetworks.0': ${FIELD_MESSAGES.networkHostBitsSet}\n`,
    });
  });
});
