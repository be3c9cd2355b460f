import { type ApiKey, ApiKeyListSchema, CreatedApiKeySchema } from '@animal-store/contract';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGURED_KEYS_NOTE } from '../src/output/key-table.js';
import { daysAhead, occurrences, SHOWN_ONCE, toDay } from './support/keys.js';
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

async function listedKeys(): Promise<ApiKey[]> {
  const result = await cli('keys', 'list', '--json');
  expect(result.code).toStrictEqual(0);
  return ApiKeyListSchema.parse(JSON.parse(result.stdout));
}

describe('keys create', () => {
  it('creates a key with its scopes and expiry, the secret once on stdout and a warning on stderr', async () => {
    const before = Date.now();
    const day = daysAhead(30);
    const result = await cli(
      'keys',
      'create',
      '--name',
      'ci pipeline',
      '--scope',
      'pets:read',
      '--scope',
      'pets:write',
      '--expires',
      day,
    );
    expect(result.code).toStrictEqual(0);
    expect(result.stderr).toStrictEqual(SHOWN_ONCE);
    const created = CreatedApiKeySchema.parse(JSON.parse(result.stdout));
    expect(created).toStrictEqual({
      id: expect.any(Number),
      name: 'ci pipeline',
      prefix: expect.any(String),
      scopes: ['pets:read', 'pets:write'],
      state: 'active',
      configured: false,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      lastUsedAt: null,
      deprecatedCallAt: null,
      revokedAt: null,
      rotatedAt: null,
      replaces: null,
      rateLimitPerMinute: null,
      allowedNetworks: null,
      key: expect.stringMatching(/^as_[\w-]+$/),
    });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(occurrences(result.stdout, created.key)).toStrictEqual(1);
    // A bare date is the end of that day in UTC.
    expect(new Date(created.expiresAt ?? '').toISOString()).toStrictEqual(`${day}T23:59:59.000Z`);
    expect(Date.parse(created.createdAt ?? '')).toBeGreaterThanOrEqual(before - 1000);

    // The secret works, with the scopes it was given, and is never shown again.
    expect(await withKey(created.key, 'pets', 'list')).toStrictEqual({ code: 0, stdout: '[]\n', stderr: '' });
    const list = await cli('keys', 'list', '--json');
    expect(list.stdout).not.toContain(created.key);
  });

  it('takes a date and time with a time zone for --expires', async () => {
    const instant = `${daysAhead(2)}T12:30:00+02:00`;
    const result = await cli(
      'keys',
      'create',
      '--name',
      'nightly',
      '--scope',
      'pets:read',
      '--expires',
      instant,
    );
    expect(result.code).toStrictEqual(0);
    const created = CreatedApiKeySchema.parse(JSON.parse(result.stdout));
    expect(Date.parse(created.expiresAt ?? '')).toStrictEqual(Date.parse(instant));
  });

  it('at a terminal, prints a summary and the key on a line of its own, then the warning', async () => {
    const result = await runInTerminal(
      ['keys', 'create', '--name', 'reports', '--scope', 'pets:read'],
      envFor(server),
    );
    const [, id, key] =
      /^Created key (\d+) \(reports\): pets:read; never expires; the store's rate limit, from any network\.\n(as_[\w-]+)\n/.exec(
        result.output,
      ) ?? [result.output];
    expect(result).toStrictEqual({
      code: 0,
      output: `Created key ${id} (reports): pets:read; never expires; the store's rate limit, from any network.\n${key}\n${SHOWN_ONCE}`,
    });
    expect(occurrences(result.output, key ?? '')).toStrictEqual(1);
  });
});

describe('keys list', () => {
  it('prints every key as JSON, newest first, the configured key included, never a secret', async () => {
    const keys = await listedKeys();
    const stored = keys.filter((key) => !key.configured);
    expect(stored.map((key) => key.name)).toStrictEqual(['reports', 'nightly', 'ci pipeline']);
    expect(stored.map((key) => key.id)).toStrictEqual(
      stored.map((key) => key.id).sort((a, b) => Number(b) - Number(a)),
    );
    expect(keys.filter((key) => key.configured)).toStrictEqual([
      expect.objectContaining({ id: 'env-1', configured: true, state: 'active', createdAt: null }),
    ]);
    expect(keys.every((key) => !('key' in key))).toBe(true);
  });

  it('prints a table at a terminal as wide as the terminal: id, name, prefix, scopes, days in UTC, state', async () => {
    // A name that a 100-column table would cut.
    expect(
      (await cli('keys', 'create', '--name', 'ui desktop dashboard (reports team)', '--scope', 'pets:read'))
        .code,
    ).toStrictEqual(0);
    const keys = await listedKeys();
    const result = await runInTerminal(['keys', 'list'], envFor(server), 160);
    expect(result.code).toStrictEqual(0);
    const lines = result.output.trimEnd().split('\n');
    const widest = Math.max(...lines.map((line) => line.length));
    expect(widest).toBeGreaterThan(100);
    expect(widest).toBeLessThanOrEqual(160);
    // Cells are at least two spaces apart; none of these holds two spaces in a row.
    const rows = lines.map((line) => line.split(/ {2,}/));
    const never = (instant: string | null) => (instant === null ? 'never' : toDay(instant));
    expect(rows).toStrictEqual([
      ['ID', 'NAME', 'PREFIX', 'SCOPES', 'EXPIRES', 'LAST USED', 'STATE'],
      ...keys.map((key) => [
        String(key.id),
        key.name,
        key.prefix,
        // Each scope by its own name, as the API and `--scope` write them.
        key.scopes.join(' '),
        never(key.expiresAt),
        never(key.lastUsedAt),
        key.state,
      ]),
      [CONFIGURED_KEYS_NOTE],
    ]);
    // The key that listed pets above has a last use; the one that never called has none.
    expect(rows.find((row) => row[1] === 'ci pipeline')?.[5]).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(rows.find((row) => row[1] === 'reports')?.[5]).toStrictEqual('never');
  });
});
