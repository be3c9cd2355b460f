import type { AnimalStoreClient, ListAuditEventsOptions } from '@animal-store/client';
import { type AuditEvent, LIST_LIMIT } from '@animal-store/contract';
import { formatAuditTable } from '../output/audit-table.js';
import { terminalWidth, wantsJson, writeErr, writeOut } from '../output/output.js';

export interface AuditListOptions extends Omit<ListAuditEventsOptions, 'keyId'> {
  key?: string;
  all?: boolean;
  json?: boolean;
}

/** One event a line, as the store sends it: JSON Lines, which an export appends to and `jq` reads line by line. */
const writeJsonLines = (events: readonly AuditEvent[]) =>
  writeOut(events.map((event) => `${JSON.stringify(event)}\n`).join(''));

/**
 * One page, or with `--all` every page to the oldest. JSON Lines are written page by page as they arrive, so that
 * an export of a long log never waits for, or holds, the whole of it; the table is laid out once, for its widths.
 */
export async function listAuditEvents(
  client: AnimalStoreClient,
  options: AuditListOptions,
  columns: number | undefined,
): Promise<void> {
  const { key, action, since, until, limit, all } = options;
  const query = { action, since, until, ...(key !== undefined && { keyId: key }) };
  const json = wantsJson(options.json);
  const shown: AuditEvent[] = [];
  let more = false;
  if (all) {
    // Walking every page, the largest pages the store allows mean the fewest round trips.
    for await (const page of client.auditEvents.list({ ...query, limit: limit ?? LIST_LIMIT.max }).pages()) {
      if (json) writeJsonLines(page);
      else shown.push(...page);
    }
  } else {
    const page = await client.auditEvents.page({ ...query, limit });
    if (json) writeJsonLines(page.events);
    else shown.push(...page.events);
    more = page.nextCursor !== undefined;
  }
  if (!json)
    writeOut(shown.length === 0 ? 'No events match.\n' : formatAuditTable(shown, terminalWidth(columns)));
  if (more) writeErr('More events follow: add --all to list every page.\n');
}
