import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closedPort, runCli } from './support/run-cli.js';

const KEY = 'a-key-that-must-never-be-printed';
const HINT = '(run with --help for usage)\n';
const UNENCRYPTED =
  'must use https:// unless it is a loopback address (localhost, 127.0.0.0/8, ::1), since the API key would ' +
  'cross the network unencrypted; add --allow-insecure (or set ANIMAL_STORE_ALLOW_INSECURE=1) to send it anyway';

/**
 * Usage errors exit with 2 before any request: the base address is a closed port, so a request sent by
 * mistake would show up as exit 3 instead.
 */
async function usage(args: string[], env: Record<string, string> = {}) {
  const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
  return runCli(args, { env: { ANIMAL_STORE_URL: baseUrl, ANIMAL_STORE_API_KEY: KEY, ...env } });
}

describe('usage errors exit with 2 and say what is wrong on stderr', () => {
  it.each([
    [
      ['pets', 'list', '--limit', '0'],
      "error: option '--limit <n>' argument '0' is invalid. must be at least 1\n",
    ],
    [
      ['pets', 'list', '--limit', '101'],
      "error: option '--limit <n>' argument '101' is invalid. must be at most 100\n",
    ],
    [
      ['pets', 'list', '--status', 'lost'],
      "error: option '--status <status>' argument 'lost' is invalid. Allowed choices are available, pending, sold.\n",
    ],
    [['pets', 'add', '--name', 'Rex'], "error: required option '--category-id <id>' not specified\n"],
    [
      ['pets', 'add', '--name', 'Rex', '--category-id', '1e3'],
      "error: option '--category-id <id>' argument '1e3' is invalid. must be a whole number\n",
    ],
    [
      ['pets', 'add', '--name', ' ', '--category-id', '1'],
      "error: option '--name <name>' argument ' ' is invalid. must not be empty or blank\n",
    ],
    [
      ['pets', 'get', '0'],
      "error: command-argument value '0' is invalid for argument 'id'. must be a positive whole number\n",
    ],
    [['pets', 'list', '--colour', 'red'], "error: unknown option '--colour'\n"],
    [['pets', 'feed'], "error: unknown command 'feed'\n"],
    [['pets', 'import'], "error: missing required argument 'file'\n"],
    [['keys', 'create', '--name', 'ci'], "error: required option '--scope <scope>' not specified\n"],
    [
      ['keys', 'create', '--name', ' ', '--scope', 'pets:read'],
      "error: option '--name <name>' argument ' ' is invalid. must not be empty or blank\n",
    ],
    [
      ['keys', 'create', '--name', 'ci', '--scope', 'pets:read', '--expires', '2027-02-30'],
      "error: option '--expires <date>' argument '2027-02-30' is invalid. must be a date and time in ISO 8601 " +
        'with a time zone, e.g. 2027-01-31T12:00:00Z, or a date such as 2027-01-31 (the end of that day in UTC)\n',
    ],
    [
      ['keys', 'revoke', 'env-1'],
      "error: command-argument value 'env-1' is invalid for argument 'id'. must be the id of a stored key " +
        '(a positive whole number); keys set by API_KEYS are changed there\n',
    ],
    [
      ['keys', 'rotate', '3', '--overlap', '721'],
      "error: option '--overlap <hours>' argument '721' is invalid. must be a whole number of hours from 0 to 720\n",
    ],
  ])('%j', async (args, message) => {
    expect(await usage(args)).toStrictEqual({ code: 2, stdout: '', stderr: message + HINT });
  });

  it('refuses an API key given as a flag without printing it', async () => {
    for (const args of [
      ['pets', 'list', `--api-key=${KEY}`],
      ['--api-key', KEY, 'pets', 'list'],
    ]) {
      expect(await usage(args)).toStrictEqual({
        code: 2,
        stdout: '',
        stderr:
          'error: the API key is not taken as a flag value (shell history would keep it): ' +
          'set ANIMAL_STORE_API_KEY or use --api-key-file PATH\n',
      });
    }
  });

  it.each([
    [
      [],
      { ANIMAL_STORE_API_KEY: '' },
      'error: no API key: set ANIMAL_STORE_API_KEY or pass --api-key-file PATH\n',
    ],
    [
      [],
      { ANIMAL_STORE_API_KEY: 'two words' },
      'error: the API key from ANIMAL_STORE_API_KEY is empty or contains spaces or control characters\n',
    ],
    [
      ['--api-key-file', '/nonexistent/key'],
      {},
      'error: cannot read --api-key-file /nonexistent/key (ENOENT)\n',
    ],
    [['--staging'], {}, 'error: --staging needs ANIMAL_STORE_STAGING_URL to be set\n'],
    [
      ['--base-url', 'ftp://example/v1'],
      {},
      'error: --base-url must be an absolute http:// or https:// URL\n',
    ],
    [
      [],
      { ANIMAL_STORE_URL: 'nowhere' },
      'error: ANIMAL_STORE_URL must be an absolute http:// or https:// URL\n',
    ],
    [['--base-url', 'http://store.example.test/v1'], {}, `error: --base-url ${UNENCRYPTED}\n`],
    [[], { ANIMAL_STORE_URL: 'http://192.0.2.10:3000/v1' }, `error: ANIMAL_STORE_URL ${UNENCRYPTED}\n`],
    [
      ['--staging'],
      { ANIMAL_STORE_STAGING_URL: 'http://staging.example.test/v1' },
      `error: ANIMAL_STORE_STAGING_URL ${UNENCRYPTED}\n`,
    ],
    [
      ['--base-url', 'http://store.example.test/v1'],
      { ANIMAL_STORE_ALLOW_INSECURE: '0' },
      `error: --base-url ${UNENCRYPTED}\n`,
    ],
    [[], { ANIMAL_STORE_ALLOW_INSECURE: 'yes' }, 'error: ANIMAL_STORE_ALLOW_INSECURE must be 1 or 0\n'],
  ])('configuration %j %j', async (flags, env, message) => {
    expect(await usage([...flags, 'pets', 'list'], env)).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: message,
    });
  });

  it('refuses --staging together with --base-url', async () => {
    const result = await usage(['--staging', '--base-url', 'http://127.0.0.1:1/v1', 'pets', 'list']);
    expect(result).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: `error: option '--base-url <url>' cannot be used with option '--staging'\n${HINT}`,
    });
  });

  it('refuses an import file that cannot be read or is a broken JSON array', async () => {
    expect(await usage(['pets', 'import', '/nonexistent/pets.json'])).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: 'error: cannot read /nonexistent/pets.json (ENOENT)\n',
    });
    const broken = join(tmpdir(), `broken-${process.pid}.json`);
    await writeFile(broken, '[{"name": "Rex", "categoryId": 1},\n');
    const result = await usage(['pets', 'import', broken]);
    expect(result).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: 'error: the import file starts as a JSON array but is not valid JSON: it ends too soon\n',
    });
  });

  it('says, in its own words, that a file of neither JSON nor NDJSON is neither', async () => {
    const prose = join(tmpdir(), `prose-${process.pid}.txt`);
    await writeFile(prose, 'not json\n');
    expect(await usage(['pets', 'import', prose])).toStrictEqual({
      code: 2,
      stdout: '',
      stderr:
        'error: the import file is neither a JSON array nor NDJSON (one JSON object a line): none of its lines is JSON\n',
    });
  });

  it('shows the pet commands and exits with 2 when no command is given', async () => {
    const result = await usage(['pets']);
    expect(result.code).toStrictEqual(2);
    expect(result.stdout).toStrictEqual('');
    expect(result.stderr).toContain('Usage: animal-store pets [options] [command]');
  });
});
