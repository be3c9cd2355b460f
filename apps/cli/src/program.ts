import {
  API_BASE_PATH,
  IDEMPOTENCY_WINDOW_HOURS,
  LOOPBACK_IN_WORDS,
  PET_STATUSES,
  type PetStatus,
} from '@animal-store/contract';
import { Command, Help, Option } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { addAuditCommand } from './audit-command.js';
import { jsonOption, withClient, withConnection } from './command-parts.js';
import { addPet } from './commands/add-pet.js';
import { getPet, sunsetDay } from './commands/get-pet.js';
import { importPets } from './commands/import-pets.js';
import { listPets } from './commands/list-pets.js';
import { DEFAULT_BASE_URL } from './config.js';
import { addKeysCommand } from './keys-command.js';
import {
  IMPORT_CONCURRENCY,
  parseCategoryId,
  parseConcurrency,
  parseLimit,
  parseName,
  parsePetId,
} from './option-parsers.js';

const ROOT_HELP = `
Configuration:
  --base-url URL, else ANIMAL_STORE_URL, else ${DEFAULT_BASE_URL}
  --staging uses ANIMAL_STORE_STAGING_URL instead.
  The address must use https:// unless it is a loopback address (${LOOPBACK_IN_WORDS}):
  --allow-insecure (or ANIMAL_STORE_ALLOW_INSECURE=1) sends the key over plain http:// anyway.
  The API key is read from ANIMAL_STORE_API_KEY or from the file named by --api-key-file; it is never
  accepted as a flag value (shell history would keep it) and never printed.

Output:
  Results go to stdout: a table at a terminal, JSON with --json or when stdout is a pipe or a file.
  Warnings, progress and errors go to stderr.

Exit codes:
  0  success
  1  the API answered with an error (its code and message are printed), or import rows failed
  2  usage error: bad flags, arguments or configuration; nothing was sent
  3  the server could not be reached (the address tried is printed)

Examples:
  $ export ANIMAL_STORE_API_KEY=...   # or: --api-key-file ~/.config/animal-store/key
  $ animal-store pets list --status available
  $ animal-store pets add --name Rex --category-id 1
  $ animal-store --staging pets list --all --json | jq length
  $ animal-store pets help import
  $ animal-store keys create --name "ci pipeline" --scope pets:read --scope pets:write
  $ animal-store audit list --key 12
`;

const statusOption = (description: string) =>
  new Option('--status <status>', description).choices(PET_STATUSES);

/** Commander's own description, with required options marked, as its help does not show which they are. */
function describeOption(this: Help, option: Option): string {
  const description = Help.prototype.optionDescription.call(this, option);
  return option.mandatory ? `${description} (required)` : description;
}

export function buildProgram(env: Record<string, string | undefined>): Command {
  const program = new Command('animal-store')
    .description('Command-line client of the Animal Store API.')
    .version(packageJson.version)
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .addOption(
      new Option('--base-url <url>', `API base address, ending in ${API_BASE_PATH}`).conflicts('staging'),
    )
    .option('--staging', 'use the staging address from ANIMAL_STORE_STAGING_URL')
    .option('--api-key-file <path>', 'read the API key from this file')
    .option('--allow-insecure', 'allow a plain http:// address that is not loopback')
    .addHelpText('after', ROOT_HELP)
    // Inherited by every subcommand: a required option says so in its own help line.
    .configureHelp({ optionDescription: describeOption });

  const pets = program.command('pets').description('list, add, get and import animals');

  pets
    .command('list')
    .description('list animals, one page or with --all every page')
    .addOption(statusOption('only animals with this status'))
    .option(
      '--limit <n>',
      "animals per page (default: the server's; with --all, the largest allowed)",
      parseLimit,
    )
    .option('--all', 'follow the next-page links to the end')
    .addOption(jsonOption())
    .addHelpText(
      'after',
      '\nExamples:\n  $ animal-store pets list\n  $ animal-store pets list --status sold --all --json\n',
    )
    .action(
      withClient<{ status?: PetStatus; limit?: number; all?: boolean; json?: boolean }>(
        (client, options) => listPets(client, options),
        env,
      ),
    );

  pets
    .command('add')
    .description('add an animal and print it with the id the store assigned')
    .requiredOption('--name <name>', "the animal's name", parseName)
    .requiredOption('--category-id <id>', 'its category', parseCategoryId)
    .addOption(statusOption('its availability'))
    .addOption(jsonOption())
    .addHelpText(
      'after',
      '\nExamples:\n  $ animal-store pets add --name Rex --category-id 1 --status available\n',
    )
    .action(
      withClient<{ name: string; categoryId: number; status?: PetStatus; json?: boolean }>(
        (client, { name, categoryId, status, json }) =>
          addPet(client, { name, categoryId, ...(status && { status }) }, { json }),
        env,
      ),
    );

  pets
    .command('get')
    .description(`get one animal by id (deprecated, removed on ${sunsetDay}: use \`pets list\`)`)
    .argument('<id>', 'the animal id', parsePetId)
    .addOption(jsonOption())
    .addHelpText('after', '\nExamples:\n  $ animal-store pets get 42\n')
    .action(
      withClient<{ json?: boolean }>((client, options, [id]) => getPet(client, id as number, options), env),
    );

  pets
    .command('import')
    .description('create many animals from a JSON array or NDJSON file (- for stdin)')
    .argument('<file>', 'a JSON array of animals, or one animal per line (NDJSON); - reads stdin')
    .option(
      '--concurrency <n>',
      `requests in flight at once (1-${IMPORT_CONCURRENCY.max})`,
      parseConcurrency,
      IMPORT_CONCURRENCY.default,
    )
    .addOption(jsonOption())
    .addHelpText(
      'after',
      [
        '',
        'Each row is sent with an Idempotency-Key derived from the file, the line and the row: a re-run',
        `within ${IDEMPOTENCY_WINDOW_HOURS} hours (after an interruption, or with failed rows fixed) does not create an animal twice.`,
        'Exits with 1 when any row failed; the summary lists each failure with its line number.',
        '',
        'Examples:',
        '  $ animal-store pets import pets.json',
        '  $ generate-pets | animal-store pets import - --json',
        '',
      ].join('\n'),
    )
    .action(
      withConnection<{ concurrency: number; json?: boolean }>(
        (connection, options, [file]) => importPets(connection, file as string, options),
        env,
      ),
    );

  addKeysCommand(program, env);
  addAuditCommand(program, env);
  return program;
}
