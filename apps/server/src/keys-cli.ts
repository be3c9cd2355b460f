#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  expiryAsTyped,
  expiryProblem,
  formatTable,
  keyListColumns,
  LASTING_MANAGER_HOURS,
  NewApiKeySchema,
  tabSeparated,
} from '@animal-store/contract';
import { storedKeyView } from './api/api-key-view.js';
import { type DatabaseConfig, loadConfig } from './config/config.js';
import { withoutPassword } from './data-commands/data-connection.js';
import { operatorContext } from './keys/operator-context.js';
import { openRepositories } from './store/repositories.js';

const USAGE = `Manage the API keys of the Animal Store database named by DATABASE_URL.

Usage:
  keys create --name NAME [--scope SCOPE]… [--expires DATE]
                            create a key and print it (shown only this once); every scope unless --scope
                            names some (${API_KEY_SCOPES.join(', ')}); --expires takes an ISO 8601 date
                            or date and time (a date alone ends at 23:59:59 UTC)
  keys list                 list keys, newest first (never the keys themselves): an aligned table at a
                            terminal, tab-separated otherwise
  keys revoke ID [--lock-out]
                            revoke the key with that id (ids as shown by \`keys list\`), unless it is the
                            last key with keys:manage that is not rotated and lasts over ${LASTING_MANAGER_HOURS} hours
                            and API_KEYS is not set; --lock-out revokes it all the same (a leaked key),
                            leaving the store closed to key management until \`keys create\` makes another

For a store with no key left that can manage keys, this is how to make one. A file: path is relative to the
folder you typed the command in, as for \`pnpm start\`; the store must exist (start the server on it once).
`;

type KeysCommand =
  | { kind: 'create'; name: string; scopes: ApiKeyScope[] | undefined; expiresAt: string | undefined }
  | { kind: 'list' }
  | { kind: 'revoke'; id: number; lockOut: boolean };

/** The command line is wrong: nothing was opened or changed. */
class UsageError extends Error {}

const OPTIONS = {
  name: { type: 'string' },
  scope: { type: 'string', multiple: true },
  expires: { type: 'string' },
  'lock-out': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const isScope = (value: string): value is ApiKeyScope =>
  (API_KEY_SCOPES as readonly string[]).includes(value);

const EXPIRES_AT = NewApiKeySchema.shape.expiresAt.unwrap();

/**
 * `--expires` as an instant, read as `animal-store keys` reads it (`expiryAsTyped`) and judged by the API's own
 * rules: the contract's form, then `expiryProblem` (ahead, and not too far).
 */
function parseExpiry(text: string): string {
  const instant = expiryAsTyped(text);
  if (!EXPIRES_AT.safeParse(instant).success) {
    throw new UsageError(`--expires '${text}' is not an ISO 8601 date, e.g. 2027-01-31`);
  }
  const problem = expiryProblem(instant);
  if (problem) throw new UsageError(`--expires '${text}' ${problem}`);
  return new Date(instant).toISOString();
}

function parseFlags(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    // parseArgs names the unknown option or the missing value itself.
    throw new UsageError((error as Error).message);
  }
}

/** Checks the whole command line before the database is opened, so that a typo costs nothing. */
function parseCommand(argv: string[]): KeysCommand | 'help' {
  const { positionals, values } = parseFlags(argv);
  if (values.help) return 'help';
  const [command, ...rest] = positionals;
  const noMore = (expected: number) => {
    const extra = rest[expected];
    if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}' after '${command}'`);
  };
  for (const option of ['name', 'scope', 'expires'] as const) {
    if (values[option] !== undefined && command !== 'create') {
      throw new UsageError(`--${option} is only for \`keys create\``);
    }
  }
  if (values['lock-out'] !== undefined && command !== 'revoke') {
    throw new UsageError('--lock-out is only for `keys revoke`');
  }
  switch (command) {
    case undefined:
      throw new UsageError('a command is needed: create, list or revoke');
    case 'create':
      noMore(0);
      if (!values.name?.trim()) {
        throw new UsageError(
          '`keys create` needs --name NAME, a label that tells the key apart, e.g. "ci pipeline"',
        );
      }
      for (const scope of values.scope ?? []) {
        if (!isScope(scope)) {
          throw new UsageError(`--scope '${scope}' is not a scope: use ${API_KEY_SCOPES.join(', ')}`);
        }
      }
      return {
        kind: 'create',
        name: values.name,
        scopes: values.scope?.filter(isScope),
        expiresAt: values.expires === undefined ? undefined : parseExpiry(values.expires),
      };
    case 'list':
      noMore(0);
      return { kind: 'list' };
    case 'revoke': {
      noMore(1);
      const [argument] = rest;
      if (argument === undefined)
        throw new UsageError('`keys revoke` needs the id of a key, as shown by `keys list`');
      const id = /^[0-9]+$/.test(argument) ? Number(argument) : Number.NaN;
      if (!Number.isSafeInteger(id) || id < 1) {
        throw new UsageError(
          `'${argument}' is not a key id: ids are whole numbers from 1, as shown by \`keys list\``,
        );
      }
      return { kind: 'revoke', id, lockOut: values['lock-out'] === true };
    }
    default:
      throw new UsageError(`unknown command '${command}': use create, list or revoke`);
  }
}

/**
 * A key minted into a store nobody serves is a key every client is refused with: a mistyped or relative path would
 * otherwise create a new, empty store file and say nothing.
 */
function missingStore(database: DatabaseConfig): string | undefined {
  if (database.kind !== 'sqlite' || database.path === ':memory:' || existsSync(database.path))
    return undefined;
  return `there is no store at ${database.path} (the file does not exist): set DATABASE_URL to the store's file (a relative file: path is relative to the folder you typed the command in), or start the server on it once to create it`;
}

async function run(command: KeysCommand): Promise<number> {
  const config = loadConfig(process.env);
  const { database } = config;
  const missing = missingStore(database);
  if (missing) {
    process.stderr.write(`keys: ${missing}.\n`);
    return 1;
  }
  const where = database.kind === 'sqlite' ? database.path : withoutPassword(database.url);
  const store = await openRepositories(database);
  try {
    switch (command.kind) {
      case 'create': {
        const created = await store.apiKeys.create(
          command.name,
          { scopes: command.scopes, expiresAt: command.expiresAt },
          operatorContext('keys create'),
        );
        // Every scope suits a recovery key, not a script's: keys:manage can make and revoke every other key.
        if (command.scopes === undefined) {
          process.stderr.write(
            `No --scope named: granted all scopes (${created.scopes.join(', ')}); name --scope to grant fewer.\n`,
          );
        }
        const scopes = created.scopes.join(' ');
        process.stderr.write(
          `Created key ${created.id} (${created.name}; ${scopes}) in ${where}. It is shown only this once:\n`,
        );
        process.stdout.write(`${created.key}\n`);
        return 0;
      }
      case 'list': {
        // Newest first, as the API and the CLI's `keys list` give them, in the same columns.
        const keys = (await store.apiKeys.list()).map((key) => storedKeyView(key));
        const columns = keyListColumns(keys);
        // The table alone on stdout, so that `cut -f` reads it when piped; where it came from on stderr.
        process.stderr.write(`Keys in ${where}:\n`);
        process.stdout.write(
          process.stdout.isTTY
            ? formatTable(columns, keys, { maxWidth: process.stdout.columns || undefined })
            : tabSeparated(columns, keys),
        );
        return 0;
      }
      case 'revoke': {
        // As the API does: without API_KEYS, a revocation leaves a key with keys:manage that lasts.
        const revocation = await store.apiKeys.revoke(
          command.id,
          { keepAManager: config.apiKeys.length === 0 && !command.lockOut },
          operatorContext('keys revoke'),
        );
        if (revocation.kind === 'last_manager') {
          process.stderr.write(
            `keys: key ${command.id} is the last active key that can manage keys for more than ` +
              `${LASTING_MANAGER_HOURS} hours: revoking it would lock everyone out. Create another with ` +
              '`keys create` (not expiring within that time) first, or add --lock-out to revoke it all the same.\n',
          );
          return 1;
        }
        if (revocation.kind !== 'revoked' || revocation.already) {
          const problem = revocation.kind === 'revoked' ? 'no active key' : 'no key';
          process.stderr.write(`keys: ${problem} has id ${command.id} in ${where} (see \`keys list\`)\n`);
          return 1;
        }
        process.stdout.write(`Revoked key ${command.id} in ${where}.\n`);
        return 0;
      }
    }
  } finally {
    await store.database.close();
  }
}

try {
  const command = parseCommand(process.argv.slice(2));
  if (command === 'help') process.stdout.write(USAGE);
  else process.exitCode = await run(command);
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`keys: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`keys: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
