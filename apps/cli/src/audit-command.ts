import { AUDIT_ACTIONS, type AuditAction } from '@animal-store/contract';
import { type Command, Option } from 'commander';
import { jsonOption, withClient } from './command-parts.js';
import { type AuditListOptions, listAuditEvents } from './commands/list-audit-events.js';
import { columnsSetting } from './config.js';
import { parseAuditInstant, parseAuditKeyId, parseLimit } from './option-parsers.js';

const help = (...lines: string[]) => `\n${lines.join('\n')}\n`;

/** `animal-store audit …`: the store's audit log of key operations; the key in use needs keys:manage. */
export function addAuditCommand(program: Command, env: Record<string, string | undefined>): void {
  const audit = program
    .command('audit')
    .description('read the audit log of key operations (the key in use needs keys:manage)');

  audit
    .command('list')
    .description('list the audit log, newest first, one page or with --all every page')
    .option(
      '--key <id>',
      'only events acting on this key, made by it, or making it (12, env-1)',
      parseAuditKeyId,
    )
    .addOption(new Option('--action <action>', 'only events of this action').choices(AUDIT_ACTIONS))
    .option('--since <instant>', 'only events at or after this instant (see below)', parseAuditInstant)
    .option('--until <instant>', 'only events before this instant (see below)', parseAuditInstant)
    .option(
      '--limit <n>',
      "events per page (default: the server's; with --all, the largest allowed)",
      parseLimit,
    )
    .option('--all', 'follow the next-page links to the oldest event')
    .addOption(jsonOption())
    .addHelpText(
      'after',
      help(
        '--since and --until take an ISO 8601 date and time with a time zone (2026-11-30T22:30:00Z), or a',
        'date (2026-11-30) meaning the start of that day in UTC; --since is included, --until excluded.',
        '',
        'At a terminal: a table, times in UTC to the minute, hashes shortened. With --json, or into a pipe or',
        'a file: JSON Lines, one event a line exactly as the store sends it, each with its whole hash and the',
        'one before it, written page by page: an export to keep, and to check against the chain later.',
        '',
        'Examples:',
        '  $ animal-store audit list --key 12',
        '  $ animal-store audit list --action api_key.revoked --since 2026-11-01',
        '  $ animal-store audit list --all > audit.jsonl',
        '  $ animal-store audit list --all | jq -r \'select(.outcome == "refused") | .code\'',
      ),
    )
    .action(
      withClient<AuditListOptions & { action?: AuditAction }>(
        (client, options) => listAuditEvents(client, options, columnsSetting(env)),
        env,
      ),
    );
}
