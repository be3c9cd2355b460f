import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  DEFAULT_ROTATION_OVERLAP_HOURS,
  LASTING_MANAGER_HOURS,
  MAX_API_KEY_LIFETIME_DAYS,
  MAX_ROTATION_OVERLAP_HOURS,
  SCOPE_DESCRIPTIONS,
} from '@animal-store/contract';
import { type Command, Option } from 'commander';
import { jsonOption, withClient } from './command-parts.js';
import { createKey } from './commands/create-key.js';
import { listKeys } from './commands/list-keys.js';
import { revokeKey } from './commands/revoke-key.js';
import { rotateKey } from './commands/rotate-key.js';
import { updateKey } from './commands/update-key.js';
import {
  collectNetwork,
  collectScope,
  parseExpiry,
  parseKeyId,
  parseKeyName,
  parseOverlapHours,
  parseRateLimit,
  parseRateLimitOrDefault,
} from './option-parsers.js';

const scopeWidth = Math.max(...API_KEY_SCOPES.map((scope) => scope.length));
const SCOPES_HELP = API_KEY_SCOPES.map(
  (scope) => `  ${scope.padEnd(scopeWidth)}  ${SCOPE_DESCRIPTIONS[scope]}`,
).join('\n');

const help = (...lines: string[]) => `\n${lines.join('\n')}\n`;

/** `animal-store keys …`: the store's key-management operations, each needing the keys:manage scope. */
export function addKeysCommand(program: Command, env: Record<string, string | undefined>): void {
  const keys = program
    .command('keys')
    .description('list, create, revoke and rotate API keys (the key in use needs keys:manage)');

  keys
    .command('list')
    .description('list every key, newest first, revoked and expired ones too')
    .addOption(jsonOption())
    .addHelpText(
      'after',
      help(
        "Times are in UTC, to the minute (--json has them exact). A key set by the server's API_KEYS setting",
        'has an id such as env-1 and is marked "(API_KEYS)": it is changed there, not with these commands.',
        '',
        'Examples:',
        '  $ animal-store keys list',
        '  $ animal-store keys list --json | jq \'.[] | select(.state == "active") | .name\'',
      ),
    )
    .action(withClient<{ json?: boolean }>((client, options) => listKeys(client, options), env));

  keys
    .command('create')
    .description('create a key and print it, the only time it is shown')
    .requiredOption('--name <name>', 'who holds the key, e.g. "ci pipeline"', parseKeyName)
    .requiredOption('--scope <scope>', 'what the key may do (see below); repeat for each scope', collectScope)
    .option('--expires <date>', 'when the key stops working (default: never); see below', parseExpiry)
    .option(
      '--rate-limit <n>',
      "the key's own requests a minute (default: the store's limit)",
      parseRateLimit,
    )
    .option(
      '--network <cidr>',
      'a network the key may be used from; repeat for each (default: any)',
      collectNetwork,
    )
    .addOption(jsonOption())
    .addHelpText(
      'after',
      help(
        'Scopes:',
        SCOPES_HELP,
        '',
        '--expires takes an ISO 8601 date and time with a time zone (2027-01-31T12:00:00Z), or a date',
        `(2027-01-31) meaning the end of that day in UTC, 23:59:59Z; at most ${MAX_API_KEY_LIFETIME_DAYS} days ahead.`,
        '',
        'The key goes to stdout (with --json, as the "key" field); the store keeps only its digest, so it',
        'cannot be shown again: store it at once.',
        '',
        'Examples:',
        '  $ animal-store keys create --name "ci pipeline" --scope pets:read --scope pets:write --expires 2027-01-31',
        '  $ animal-store keys create --name reports --scope pets:read --json | jq -r .key > reports.key',
        '  $ animal-store keys create --name partner --scope pets:read --rate-limit 120 --network 203.0.113.0/24',
      ),
    )
    .action(
      withClient<{
        name: string;
        scope: ApiKeyScope[];
        expires?: string;
        rateLimit?: number;
        network?: string[];
        json?: boolean;
      }>((client, options) => createKey(client, options), env),
    );

  keys
    .command('update')
    .description("change a key's name, its own rate limit or the networks it may be used from")
    .argument('<id>', 'the id of a stored key, as `keys list` shows it', parseKeyId)
    .option('--name <name>', 'a new name for the key', parseKeyName)
    .option(
      '--rate-limit <n|default>',
      "its own requests a minute, or 'default' for the store's",
      parseRateLimitOrDefault,
    )
    .option(
      '--network <cidr>',
      'a network it may be used from, replacing its list; repeat for each',
      collectNetwork,
    )
    .addOption(new Option('--any-network', 'let it be used from any network again').conflicts('network'))
    .addOption(jsonOption())
    .addHelpText(
      'after',
      help(
        'What is not given stays as it is. The change holds on the store before it answers, so the next request',
        'with the key meets it. A request from outside its networks is refused with 403 api_key_network_refused.',
        `A change may not leave the store without a key that can manage keys, lasts over ${LASTING_MANAGER_HOURS} hours`,
        'and may be used from where you are: tie another manager to your network first.',
        '',
        'Examples:',
        '  $ animal-store keys update 7 --rate-limit 3000 --network 198.51.100.0/24 --network 2001:db8:4f00::/40',
        '  $ animal-store keys update 7 --rate-limit default --any-network',
      ),
    )
    .action(
      withClient<{
        name?: string;
        rateLimit?: number | 'default';
        network?: string[];
        anyNetwork?: boolean;
        json?: boolean;
      }>((client, options, [id]) => updateKey(client, id as number, options), env),
    );

  keys
    .command('revoke')
    .description('revoke a key at once')
    .argument('<id>', 'the id of a stored key, as `keys list` shows it', parseKeyId)
    .addOption(jsonOption())
    .addHelpText(
      'after',
      help(
        'A key may not be revoked while it is the last active key with keys:manage that is not rotated and',
        `lasts over ${LASTING_MANAGER_HOURS} hours, so that the store always keeps one key that can make others.`,
        '',
        'Examples:',
        '  $ animal-store keys revoke 7',
      ),
    )
    .action(
      withClient<{ json?: boolean }>(
        (client, options, [id]) => revokeKey(client, id as number, options),
        env,
      ),
    );

  keys
    .command('rotate')
    .description('replace a key with a new one of the same name and scopes')
    .argument('<id>', 'the id of a stored key, as `keys list` shows it', parseKeyId)
    .option(
      '--overlap <hours>',
      `hours the old key keeps working beside the new one, 0-${MAX_ROTATION_OVERLAP_HOURS} (default: ${DEFAULT_ROTATION_OVERLAP_HOURS}; 0 ends it now)`,
      parseOverlapHours,
    )
    .addOption(jsonOption())
    .addHelpText(
      'after',
      help(
        'The new key is printed like one just created: once, on stdout. Give it to the clients within the',
        'overlap; the old key then expires.',
        '',
        'Examples:',
        '  $ animal-store keys rotate 7 --overlap 48',
      ),
    )
    .action(
      withClient<{ overlap?: number; json?: boolean }>(
        (client, options, [id]) => rotateKey(client, id as number, options),
        env,
      ),
    );
}
