import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describe('help and version', () => {
  it('prints the version alone on stdout', async () => {
    expect(await runCli(['--version'])).toStrictEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('documents the commands, the configuration and every exit code in --help', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toStrictEqual(0);
    expect(result.stderr).toStrictEqual('');
    expect(result.stdout).toContain('Usage: animal-store [options] [command]');
    expect(result.stdout).toContain('  pets                   list, add, get and import animals');
    expect(result.stdout).toContain('--base-url URL, else ANIMAL_STORE_URL, else http://127.0.0.1:3000/v1');
    expect(result.stdout).toMatch(
      /^ {2}--allow-insecure +allow a plain http:\/\/ address that is not loopback$/m,
    );
    expect(result.stdout).toContain(
      [
        '  The address must use https:// unless it is a loopback address (localhost, 127.0.0.0/8, ::1):',
        '  --allow-insecure (or ANIMAL_STORE_ALLOW_INSECURE=1) sends the key over plain http:// anyway.',
      ].join('\n'),
    );
    expect(result.stdout.split('Exit codes:\n')[1]?.split('\n\n')[0]).toStrictEqual(
      [
        '  0  success',
        '  1  the API answered with an error (its code and message are printed), or import rows failed',
        '  2  usage error: bad flags, arguments or configuration; nothing was sent',
        '  3  the server could not be reached (the address tried is printed)',
      ].join('\n'),
    );
  });

  it('gives `help pets` the list of pet commands', async () => {
    const result = await runCli(['help', 'pets']);
    expect(result.code).toStrictEqual(0);
    expect(result.stdout.match(/^ {2}(\w+) /gm)).toStrictEqual([
      '  list ',
      '  add ',
      '  get ',
      '  import ',
      '  help ',
    ]);
  });

  it('gives `help keys` the list of key commands', async () => {
    const result = await runCli(['help', 'keys']);
    expect(result.code).toStrictEqual(0);
    expect(result.stdout).toContain(
      'list, create, revoke and rotate API keys (the key in use needs keys:manage)',
    );
    expect(result.stdout.match(/^ {2}(\w+) /gm)).toStrictEqual([
      '  list ',
      '  create ',
      '  update ',
      '  revoke ',
      '  rotate ',
      '  help ',
    ]);
  });

  it('explains the scopes and the forms of --expires in `keys create --help`', async () => {
    const result = await runCli(['keys', 'create', '--help']);
    expect(result.stdout).toMatch(
      /^ {2}--scope <scope> +what the key may do \(see below\); repeat for each scope\s+\(required\)$/m,
    );
    expect(result.stdout).toContain(
      [
        'Scopes:',
        '  pets:read    list animals and get one',
        '  pets:write   add animals',
        '  keys:manage  list, create, revoke and rotate API keys',
      ].join('\n'),
    );
    expect(result.stdout).toContain(
      '(2027-01-31) meaning the end of that day in UTC, 23:59:59Z; at most 730 days ahead.',
    );
  });

  it.each([
    [['pets', 'help', 'list'], '$ animal-store pets list --status sold --all --json'],
    [['pets', 'help', 'add'], '$ animal-store pets add --name Rex --category-id 1 --status available'],
    [['pets', 'get', '--help'], '$ animal-store pets get 42'],
    [['pets', 'import', '--help'], '$ generate-pets | animal-store pets import - --json'],
    [['keys', 'help', 'list'], '$ animal-store keys list'],
    [['keys', 'create', '--help'], '$ animal-store keys create --name reports --scope pets:read --json'],
    [['keys', 'revoke', '--help'], '$ animal-store keys revoke 7'],
    [['keys', 'rotate', '--help'], '$ animal-store keys rotate 7 --overlap 48'],
    [['audit', 'help', 'list'], '$ animal-store audit list --all > audit.jsonl'],
  ])('`%s` shows the options and an example', async (args, example) => {
    const result = await runCli(args);
    expect(result.code).toStrictEqual(0);
    expect(result.stdout).toContain('Examples:');
    expect(result.stdout).toContain(example);
  });

  it('lists the allowed statuses from the contract in `pets list --help`', async () => {
    const result = await runCli(['pets', 'list', '--help']);
    expect(result.stdout).toMatch(
      /--status <status> +only animals with this status \(choices:\s+"available",\s+"pending",\s+"sold"\)/,
    );
  });

  it('marks the required options in `pets add --help`', async () => {
    const result = await runCli(['pets', 'add', '--help']);
    expect(result.stdout).toMatch(/^ {2}--name <name> +the animal's name \(required\)$/m);
    expect(result.stdout).toMatch(/^ {2}--category-id <id> +its category \(required\)$/m);
    expect(result.stdout).toMatch(/^ {2}--status <status> +its availability \(choices: [^)]*\)$/m);
  });
});
