#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  AllowedNetworksSchema,
  API_KEY_SCOPES,
  type ApiKeyScope,
  expiryAsTyped,
  expiryProblem,
  LASTING_MANAGER_HOURS,
  MAX_ALLOWED_NETWORKS,
  NewApiKeySchema,
  rotationInWords,
} from '@animal-store/contract';
import { storedKeyView } from './api/api-key-view.js';
import { type DatabaseConfig, loadConfig } from './config/config.js';
import { withoutPassword } from './data-commands/data-connection.js';
import { operatorContext } from './keys/operator-context.js';
import { hostBitsSet } from './store/allowed-networks.js';
import type { StoredApiKey } from './store/api-key-repository.js';
import type { KeyChanges } from './store/key-update.js';
import { openRepositories } from './store/repositories.js';

const USAGE = `Manage the API keys of the Animal Store database named by DATABASE_URL.

Usage:
  keys create --name NAME [--scope SCOPE]… [--expires DATE] [--rate-limit N] [--network CIDR]…
                            create a key and print it (shown only this once); every scope unless --scope
                            names some (${API_KEY_SCOPES.join(', ')}); --expires takes an ISO 8601 date
                            or date and time (a date alone ends at 23:59:59 UTC); --rate-limit gives it
                            its own requests a minute, --network a range it may be used from (repeat it)
  keys update ID [--name NAME] [--rate-limit N|default] [--network CIDR]… [--any-network]
                            change a key's name or policy: --network replaces its networks with those
                            given, --any-network lets it be used from anywhere again, --rate-limit default
                            gives it the server's limit; e.g. to let back in a manager tied to a network
  keys list                 list keys (never the keys themselves)
  keys revoke ID [--lock-out]
                            revoke the key with that id (ids as shown by \`keys list\`), unless it is the
                            last key with keys:manage that is not rotated and lasts over ${LASTING_MANAGER_HOURS} hours
                            and API_KEYS is not set; --lock-out revokes it all the same (a leaked key),
                            leaving the store closed to key management until \`keys create\` makes another

For a store with no key left that can manage keys, this is how to make one. A file: path is relative to the
folder you typed the command in, as for \`pnpm start\`; the store must exist (start the server on it once).
`;

type KeysCommand =
  | {
      kind: 'create';
      name: string;
      scopes: ApiKeyScope[] | undefined;
      expiresAt: string | undefined;
      policy: KeyChanges;
    }
  | { kind: 'update'; id: number; changes: KeyChanges }
  | { kind: 'list' }
  | { kind: 'revoke'; id: number; lockOut: boolean };

/** The command line is wrong: nothing was opened or changed. */
class UsageError extends Error {}

const OPTIONS = {
  name: { type: 'string' },
  scope: { type: 'string', multiple: true },
  expires: { type: 'string' },
  'lock-out': { type: 'boolean' },
  'rate-limit': { type: 'string' },
  network: { type: 'string', multiple: true },
  'any-network': { type: 'boolean' },
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

/** `--rate-limit` as a key's own limit: a whole number from 1, or `default` (where allowed) for none. */
function parseRateLimit(text: string, defaultAllowed: boolean): number | null {
  if (defaultAllowed && text === 'default') return null;
  const limit = /^[1-9][0-9]*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(limit)) {
    const or = defaultAllowed ? ", or 'default' for the server's limit" : '';
    throw new UsageError(
      `--rate-limit '${text}' is not a number of requests a minute: use a whole number from 1${or}`,
    );
  }
  return limit;
}

/** The `--network` ranges, each judged by the API's own rules. */
function parseNetworks(ranges: string[]): string[] {
  if (!AllowedNetworksSchema.safeParse(ranges).success || ranges.some(hostBitsSet)) {
    const bad = ranges.find(
      (range) => !AllowedNetworksSchema.safeParse([range]).success || hostBitsSet(range),
    );
    throw new UsageError(
      bad === undefined
        ? `too many --network ranges: a key may have at most ${MAX_ALLOWED_NETWORKS}`
        : `--network '${bad}' is not a network in CIDR notation with no address bits after its prefix, e.g. 203.0.113.0/24`,
    );
  }
  return ranges;
}

/** The policy options of `create` and `update`: what each changes, absent when not given. */
function parsePolicy(
  values: { 'rate-limit'?: string; network?: string[]; 'any-network'?: boolean },
  update: boolean,
): KeyChanges {
  if (values.network !== undefined && values['any-network']) {
    throw new UsageError('--network and --any-network cannot go together: give one');
  }
  return {
    ...(values['rate-limit'] !== undefined && {
      rateLimitPerMinute: parseRateLimit(values['rate-limit'], update),
    }),
    ...(values.network !== undefined && { allowedNetworks: parseNetworks(values.network) }),
    ...(values['any-network'] && { allowedNetworks: null }),
  };
}

/** A key's policy in words, as `create` and `update` print it. */
function policyInWords(key: Pick<StoredApiKey, 'rateLimitPerMinute' | 'allowedNetworks'>): string {
  const limit =
    key.rateLimitPerMinute === null
      ? "the server's rate limit"
      : `${key.rateLimitPerMinute} requests a minute`;
  const networks =
    key.allowedNetworks === null
      ? 'from any network'
      : key.allowedNetworks.length === 0
        ? 'from no network'
        : `from ${key.allowedNetworks.join(', ')}`;
  return `${limit}, ${networks}`;
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
  for (const option of ['scope', 'expires'] as const) {
    if (values[option] !== undefined && command !== 'create') {
      throw new UsageError(`--${option} is only for \`keys create\``);
    }
  }
  for (const option of ['name', 'rate-limit', 'network'] as const) {
    if (values[option] !== undefined && command !== 'create' && command !== 'update') {
      throw new UsageError(`--${option} is only for \`keys create\` and \`keys update\``);
    }
  }
  if (values['any-network'] !== undefined && command !== 'update') {
    throw new UsageError('--any-network is only for `keys update`');
  }
  if (values['lock-out'] !== undefined && command !== 'revoke') {
    throw new UsageError('--lock-out is only for `keys revoke`');
  }
  switch (command) {
    case undefined:
      throw new UsageError('a command is needed: create, update, list or revoke');
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
        policy: parsePolicy(values, false),
      };
    case 'update': {
      noMore(1);
      const id = parseKeyId(rest[0], 'update');
      if (values.name !== undefined && !values.name.trim()) {
        throw new UsageError('--name needs a label that tells the key apart, e.g. "ci pipeline"');
      }
      const changes = {
        ...(values.name !== undefined && { name: values.name }),
        ...parsePolicy(values, true),
      };
      if (Object.keys(changes).length === 0) {
        throw new UsageError(
          '`keys update` needs something to change: --name, --rate-limit, --network or --any-network',
        );
      }
      return { kind: 'update', id, changes };
    }
    case 'list':
      noMore(0);
      return { kind: 'list' };
    case 'revoke':
      noMore(1);
      return { kind: 'revoke', id: parseKeyId(rest[0], 'revoke'), lockOut: values['lock-out'] === true };
    default:
      throw new UsageError(`unknown command '${command}': use create, update, list or revoke`);
  }
}

function parseKeyId(argument: string | undefined, command: string): number {
  if (argument === undefined)
    throw new UsageError(`\`keys ${command}\` needs the id of a key, as shown by \`keys list\``);
  const id = /^[0-9]+$/.test(argument) ? Number(argument) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new UsageError(
      `'${argument}' is not a key id: ids are whole numbers from 1, as shown by \`keys list\``,
    );
  }
  return id;
}

/** Tab-separated, with a header row: readable at a terminal, and `cut -f` still picks a column. */
const LIST_HEADER = ['ID', 'PREFIX', 'NAME', 'SCOPES', 'CREATED', 'EXPIRES', 'STATE'].join('\t');

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
        const tooFast = rateLimitAboveMax(command.policy, config.rateLimits.keyLimitMaxPerMinute);
        if (tooFast) {
          process.stderr.write(`keys: ${tooFast}\n`);
          return 2;
        }
        const created = await store.apiKeys.create(
          command.name,
          { scopes: command.scopes, expiresAt: command.expiresAt, ...command.policy },
          operatorContext('keys create'),
        );
        const scopes = created.scopes.join(' ');
        // The policy only when the key has one: a plain key reads as it always did.
        const policy = Object.keys(command.policy).length > 0 ? `; ${policyInWords(created)}` : '';
        process.stderr.write(
          `Created key ${created.id} (${created.name}; ${scopes}${policy}) in ${where}. It is shown only this once:\n`,
        );
        process.stdout.write(`${created.key}\n`);
        return 0;
      }
      case 'update': {
        const tooFast = rateLimitAboveMax(command.changes, config.rateLimits.keyLimitMaxPerMinute);
        if (tooFast) {
          process.stderr.write(`keys: ${tooFast}\n`);
          return 2;
        }
        // As the API does, without an address: the change must leave a lasting manager usable from somewhere.
        const outcome = await store.apiKeys.update(
          command.id,
          command.changes,
          { keepAManager: config.apiKeys.length === 0, from: null },
          operatorContext('keys update'),
        );
        switch (outcome.kind) {
          case 'not_found':
          case 'inactive':
            process.stderr.write(
              `keys: ${outcome.kind === 'inactive' ? 'no active key' : 'no key'} has id ${command.id} in ${where} (see \`keys list\`)\n`,
            );
            return 1;
          case 'last_manager':
            process.stderr.write(
              `keys: key ${command.id} is the last active key that can manage keys for more than ` +
                `${LASTING_MANAGER_HOURS} hours: with no network left, nobody could manage keys. Give another ` +
                'key keys:manage with `keys create` first.\n',
            );
            return 1;
        }
        const { key } = outcome;
        process.stdout.write(`Updated key ${key.id} (${key.name}; ${policyInWords(key)}) in ${where}.\n`);
        return 0;
      }
      case 'list': {
        // Oldest first, as ids count up: the API lists newest first for people scanning a screen.
        const keys = (await store.apiKeys.list()).reverse().map((key) => storedKeyView(key));
        const rows = keys.map((key) => {
          const { state } = key;
          // Which key replaces which, in the words the CLI's list uses; a rotated key stops at its EXPIRES.
          const rotation = rotationInWords(key, keys);
          const since = `${state === 'revoked' ? ` ${key.revokedAt}` : ''}${rotation ? `, ${rotation}` : ''}`;
          return [
            key.id,
            `${key.prefix}…`,
            key.name,
            key.scopes.join(' '),
            key.createdAt,
            key.expiresAt ?? 'never',
            `${state}${since}`,
          ].join('\t');
        });
        // The table alone on stdout, so that `cut -f` reads it; where it came from on stderr.
        process.stderr.write(`Keys in ${where}:\n`);
        process.stdout.write(`${[LIST_HEADER, ...rows].join('\n')}\n`);
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

/** A limit above KEY_RATE_LIMIT_MAX_PER_MINUTE, in the API's words; undefined when within it. */
function rateLimitAboveMax(policy: KeyChanges, max: number): string | undefined {
  const limit = policy.rateLimitPerMinute;
  return limit != null && limit > max
    ? `--rate-limit ${limit} is above this store's most, ${max} (KEY_RATE_LIMIT_MAX_PER_MINUTE)`
    : undefined;
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
