import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_API_KEY_LIFETIME_DAYS } from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories } from './store/repositories.js';
import { runServerScript } from './test-support/server-process.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('keys command', () => {
  let directory: string;
  let env: Record<string, string>;

  const keys = async (...args: string[]) => {
    const run = runServerScript('src/keys-cli.ts', env, args);
    return { code: await run.exited, output: run.output() };
  };

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'animal-store-keys-'));
    env = { DATABASE_URL: `file:${join(directory, 'store.db')}` };
    // A store as a first start of the server leaves it, before any key: `keys` works only on a store that exists.
    const store = await openRepositories({ kind: 'sqlite', path: join(directory, 'store.db') });
    await store.database.close();
  });

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('creates a key, shows it once, lists it under a header row without the key, and revokes it', async () => {
    const created = await keys('create', '--name', 'ci pipeline');
    expect(created.code).toBe(0);
    const key = /^(as_[\w-]{49})$/m.exec(created.output)?.[1];
    expect(created.output).toBe(
      `Created key 1 (ci pipeline; pets:read pets:write keys:manage) in ${directory}/store.db. It is shown only this once:\n${key}\n`,
    );

    const listed = await keys('list');
    expect(listed.code).toBe(0);
    expect(listed.output).toMatch(
      new RegExp(
        `^Keys in ${escapeRegExp(directory)}/store\\.db:\\nID\\tPREFIX\\tNAME\\tSCOPES\\tCREATED\\tEXPIRES\\tSTATE\\n1\\t${key?.slice(0, 9)}…\\tci pipeline\\tpets:read pets:write keys:manage\\t\\S+\\tnever\\tactive\\n$`,
      ),
    );
    expect(listed.output).not.toContain(key);

    // Key 1 is the one key that can manage keys: another that does is made first (keys-cli-last-manager.test.ts).
    expect((await keys('create', '--name', 'second manager', '--scope', 'keys:manage')).code).toBe(0);
    expect(await keys('revoke', '1')).toStrictEqual({
      code: 0,
      output: `Revoked key 1 in ${directory}/store.db.\n`,
    });
    expect((await keys('list')).output).toMatch(/\n1\t.*\trevoked \S+\n/);
    expect(await keys('revoke', '1')).toStrictEqual({
      code: 1,
      output: `keys: no active key has id 1 in ${directory}/store.db (see \`keys list\`)\n`,
    });
  });

  it('creates a key with chosen scopes and an expiry at the end of the given day', async () => {
    const day = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
    const created = await keys('create', '--name', 'reader', '--scope', 'pets:read', '--expires', day);
    expect(created.code).toBe(0);
    expect(created.output).toMatch(/^Created key \d+ \(reader; pets:read\) in \S+store\.db\./);
    expect((await keys('list')).output).toContain(`\treader\tpets:read\t`);
    expect((await keys('list')).output).toMatch(new RegExp(`\\t${day}T23:59:59\\.000Z\\tactive\\n`));
  });

  it.each([
    [[], 'a command is needed: create, update, list or revoke'],
    [['create'], '`keys create` needs --name NAME, a label that tells the key apart, e.g. "ci pipeline"'],
    [
      ['create', '--name', ' '],
      '`keys create` needs --name NAME, a label that tells the key apart, e.g. "ci pipeline"',
    ],
    [['rotate'], "unknown command 'rotate': use create, update, list or revoke"],
    [['revoke'], '`keys revoke` needs the id of a key, as shown by `keys list`'],
    [['revoke', 'abc'], "'abc' is not a key id: ids are whole numbers from 1, as shown by `keys list`"],
    [['revoke', '1', '2'], "unexpected argument '2' after 'revoke'"],
    [['list', '--name', 'x'], '--name is only for `keys create` and `keys update`'],
    [['create', '--name', 'x', '--any-network'], '--any-network is only for `keys update`'],
    [
      ['create', '--name', 'x', '--rate-limit', 'default'],
      "--rate-limit 'default' is not a number of requests a minute: use a whole number from 1",
    ],
    [
      ['update', '1', '--rate-limit', '0'],
      "--rate-limit '0' is not a number of requests a minute: use a whole number from 1, or 'default' for the server's limit",
    ],
    [
      ['update', '1', '--network', '10.0.0.1/8'],
      "--network '10.0.0.1/8' is not a network in CIDR notation with no address bits after its prefix, e.g. 203.0.113.0/24",
    ],
    [
      ['update', '1', '--network', '10.0.0.0/8', '--any-network'],
      '--network and --any-network cannot go together: give one',
    ],
    [
      ['update', '1'],
      '`keys update` needs something to change: --name, --rate-limit, --network or --any-network',
    ],
    [['update'], '`keys update` needs the id of a key, as shown by `keys list`'],
    [['list', '--scope', 'pets:read'], '--scope is only for `keys create`'],
    [
      ['create', '--name', 'x', '--scope', 'pets:delete'],
      "--scope 'pets:delete' is not a scope: use pets:read, pets:write, keys:manage",
    ],
    [
      ['create', '--name', 'x', '--expires', 'soon'],
      "--expires 'soon' is not an ISO 8601 date, e.g. 2027-01-31",
    ],
    [['create', '--name', 'x', '--expires', '2020-01-01'], "--expires '2020-01-01' must be in the future"],
    // The API's own limit, compared as instants.
    [
      ['create', '--name', 'x', '--expires', '9999-12-31'],
      `--expires '9999-12-31' must be at most ${MAX_API_KEY_LIFETIME_DAYS} days ahead`,
    ],
    [
      ['create', '--name', 'x', '--expires', '+010000-01-01T00:00:00Z'],
      "--expires '+010000-01-01T00:00:00Z' is not an ISO 8601 date, e.g. 2027-01-31",
    ],
    [
      ['create', '--name', 'x', '--expires', '2027-01-31T12:00:00+99:99'],
      "--expires '2027-01-31T12:00:00+99:99' is not an ISO 8601 date, e.g. 2027-01-31",
    ],
  ])('%j exits 2, saying what is wrong before the usage', async (args, problem) => {
    const result = await keys(...args);
    expect(result.code).toBe(2);
    expect(result.output).toMatch(new RegExp(`^keys: ${escapeRegExp(problem)}\\n\\nManage the API keys`));
    expect(result.output).toContain('keys create --name NAME');
  });

  it('creates a key with its policy, changes it and lets a manager tied to a network back in, recorded as the operator', async () => {
    const created = await keys(
      'create',
      '--name',
      'partner',
      '--scope',
      'pets:read',
      '--rate-limit',
      '120',
      '--network',
      '203.0.113.0/24',
      '--network',
      '2001:db8::/32',
    );
    expect(created.code).toBe(0);
    expect(created.output).toMatch(
      /^Created key (\d+) \(partner; pets:read; 120 requests a minute, from 203\.0\.113\.0\/24, 2001:db8::\/32\) in /,
    );
    const id = /^Created key (\d+)/.exec(created.output)?.[1] as string;
    expect(
      await keys('update', id, '--name', 'partner (Lyon)', '--rate-limit', 'default', '--any-network'),
    ).toStrictEqual({
      code: 0,
      output: `Updated key ${id} (partner (Lyon); the server's rate limit, from any network) in ${directory}/store.db.\n`,
    });
    expect(await keys('update', id, '--network', '198.51.100.0/24')).toStrictEqual({
      code: 0,
      output: `Updated key ${id} (partner (Lyon); the server's rate limit, from 198.51.100.0/24) in ${directory}/store.db.\n`,
    });
    expect((await keys('update', id, '--rate-limit', '2000000')).output).toBe(
      "keys: --rate-limit 2000000 is above this store's most, 60000 (KEY_RATE_LIMIT_MAX_PER_MINUTE)\n",
    );
    expect((await keys('update', '9999', '--any-network')).output).toBe(
      `keys: no key has id 9999 in ${directory}/store.db (see \`keys list\`)\n`,
    );
    const store = await openRepositories({ kind: 'sqlite', path: join(directory, 'store.db') });
    try {
      expect(await store.apiKeys.findById(Number(id))).toMatchObject({
        name: 'partner (Lyon)',
        rateLimitPerMinute: null,
        allowedNetworks: ['198.51.100.0/24'],
      });
      const { events } = await store.auditLog.list({ limit: 10, keyId: id, action: 'api_key.updated' });
      expect(
        events.map((event) => [event.outcome, event.actor.type, event.actor.name.split(' by ')[0]]),
      ).toStrictEqual([
        ['done', 'operator', 'keys update'],
        ['done', 'operator', 'keys update'],
      ]);
    } finally {
      await store.database.close();
    }
  });

  it('refuses a store file that does not exist, naming its absolute path, and creates nothing', async () => {
    const missing = join(directory, 'typo', 'store.db');
    for (const args of [['create', '--name', 'ci'], ['list'], ['revoke', '1']]) {
      const run = runServerScript('src/keys-cli.ts', { DATABASE_URL: `file:${missing}` }, args);
      expect({ code: await run.exited, output: run.output() }).toStrictEqual({
        code: 1,
        output: `keys: there is no store at ${missing} (the file does not exist): set DATABASE_URL to the store's file (a relative file: path is relative to the folder you typed the command in), or start the server on it once to create it.\n`,
      });
    }
    expect(existsSync(join(directory, 'typo'))).toBe(false);
  });

  it('names an unknown option, exit 2', async () => {
    const result = await keys('list', '--colour');
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/^keys: Unknown option '--colour'/);
  });

  it('prints the usage on stdout for --help, exit 0', async () => {
    const result = await keys('--help');
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/^Manage the API keys .*\n\nUsage:\n {2}keys create --name NAME/s);
  });
});

describe('the first start', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'animal-store-first-key-'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('says how to create another key, and the command it names works', async () => {
    const env = { DATABASE_URL: `file:${join(directory, 'store.db')}` };
    const server = runServerScript('src/main.ts', env);
    await server.listening;
    server.child.kill('SIGTERM');
    await server.exited;
    expect(server.output()).toContain(
      `      DATABASE_URL=${env.DATABASE_URL} pnpm --silent --filter @animal-store/server keys create --name NAME\n`,
    );

    const created = runServerScript('src/keys-cli.ts', env, ['create', '--name', 'second client']);
    expect(await created.exited).toBe(0);
    expect(created.output()).toMatch(
      /^Created key 2 \(second client; [a-z: ]+\) in \S+store\.db\. It is shown only this once:\nas_/,
    );
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
