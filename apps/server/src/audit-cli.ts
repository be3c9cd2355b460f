#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { AUDIT_ACTIONS, type AuditAction, type AuditEvent } from '@animal-store/contract';
import { loadConfig } from './config/config.js';
import { openRepositories } from './store/repositories.js';

const USAGE = `Read the audit log of key operations of the Animal Store database named by DATABASE_URL.

Usage:
  audit list [--key ID] [--action ACTION] [--limit N]
                            the newest N events (default 20, at most 1000), newest first; --key keeps the
                            events acting on that key or made by it (a stored key's id, or env-1…), --action
                            those of one action (${AUDIT_ACTIONS.join(', ')})

The whole log, for an auditor: \`data audit-export FILE\`. Verifying it: \`data check\`.
`;

/** The command line is wrong: nothing was opened. */
class UsageError extends Error {}

const OPTIONS = {
  key: { type: 'string' },
  action: { type: 'string' },
  limit: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const MAX_LIMIT = 1000;

interface ListCommand {
  keyId: string | undefined;
  action: AuditAction | undefined;
  limit: number;
}

function parseCommand(argv: string[]): ListCommand | 'help' {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof OPTIONS }>
  >;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  if (values.help) return 'help';
  const [command, extra] = positionals;
  if (command === undefined) throw new UsageError('a command is needed: list');
  if (command !== 'list') throw new UsageError(`unknown command '${command}': use list`);
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}' after 'list'`);
  if (values.key !== undefined && !/^(?:[1-9][0-9]{0,15}|env-[1-9][0-9]{0,3})$/.test(values.key)) {
    throw new UsageError(`--key '${values.key}' is not a key id: a whole number from 1, or env-1, env-2…`);
  }
  const action = values.action;
  if (action !== undefined && !(AUDIT_ACTIONS as readonly string[]).includes(action)) {
    throw new UsageError(`--action '${action}' is not an action: use ${AUDIT_ACTIONS.join(', ')}`);
  }
  const limit =
    values.limit === undefined ? 20 : /^[1-9][0-9]{0,3}$/.test(values.limit) ? Number(values.limit) : 0;
  if (limit < 1 || limit > MAX_LIMIT) {
    throw new UsageError(`--limit '${values.limit}' is not a whole number from 1 to ${MAX_LIMIT}`);
  }
  return { keyId: values.key, action: action as AuditAction | undefined, limit };
}

/** Tab-separated under a header row, as `keys list` prints; `-` where a field is empty. */
const HEADER = ['ID', 'AT', 'ACTION', 'OUTCOME', 'BY', 'KEY', 'FROM', 'REQUEST'].join('\t');

const row = (event: AuditEvent) =>
  [
    event.id,
    event.at,
    event.action,
    event.code ? `${event.outcome} ${event.code}` : event.outcome,
    event.actor.keyId === null ? event.actor.name : `key ${event.actor.keyId} (${event.actor.name})`,
    `${event.keyId ?? '-'}${event.successorId === null ? '' : ` -> ${event.successorId}`}`,
    event.clientAddress ?? '-',
    event.requestId ?? '-',
  ].join('\t');

async function list(command: ListCommand): Promise<number> {
  const store = await openRepositories(loadConfig(process.env).database);
  try {
    const { events } = await store.auditLog.list(command);
    process.stdout.write(`${[HEADER, ...events.map(row)].join('\n')}\n`);
    return 0;
  } finally {
    await store.database.close();
  }
}

try {
  const command = parseCommand(process.argv.slice(2));
  if (command === 'help') process.stdout.write(USAGE);
  else process.exitCode = await list(command);
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`audit: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`audit: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
