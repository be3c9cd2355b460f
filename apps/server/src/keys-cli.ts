#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openRepositories } from './store/repositories.js';

const USAGE = `Manage the API keys of the Animal Store database named by DATABASE_URL.

Usage:
  keys create --name NAME   create a key and print it (shown only this once)
  keys list                 list keys (never the keys themselves)
  keys revoke ID            revoke the key with that id (ids as shown by \`keys list\`)
`;

type KeysCommand = { kind: 'create'; name: string } | { kind: 'list' } | { kind: 'revoke'; id: number };

/** The command line is wrong: nothing was opened or changed. */
class UsageError extends Error {}

const OPTIONS = { name: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

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
  if (values.name !== undefined && command !== 'create') {
    throw new UsageError('--name is only for `keys create`');
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
      return { kind: 'create', name: values.name };
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
      return { kind: 'revoke', id };
    }
    default:
      throw new UsageError(`unknown command '${command}': use create, list or revoke`);
  }
}

/** Tab-separated, with a header row: readable at a terminal, and `cut -f` still picks a column. */
const LIST_HEADER = ['ID', 'PREFIX', 'NAME', 'CREATED', 'STATE'].join('\t');

async function run(command: KeysCommand): Promise<number> {
  const store = await openRepositories(loadConfig(process.env).database);
  try {
    switch (command.kind) {
      case 'create': {
        const created = await store.apiKeys.create(command.name);
        process.stderr.write(`Created key ${created.id} (${created.name}). It is shown only this once:\n`);
        process.stdout.write(`${created.key}\n`);
        return 0;
      }
      case 'list': {
        const rows = (await store.apiKeys.list()).map((key) => {
          const state = key.revokedAt ? `revoked ${key.revokedAt}` : 'active';
          return [key.id, `${key.prefix}…`, key.name, key.createdAt, state].join('\t');
        });
        process.stdout.write(`${[LIST_HEADER, ...rows].join('\n')}\n`);
        return 0;
      }
      case 'revoke': {
        if (!(await store.apiKeys.revoke(command.id))) {
          process.stderr.write(`keys: no active key has id ${command.id} (see \`keys list\`)\n`);
          return 1;
        }
        process.stdout.write(`Revoked key ${command.id}.\n`);
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
