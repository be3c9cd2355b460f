import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { auditEventsInOrder } from '../store/audit-events-in-order.js';
import { DataCommandError, type DataConnection } from './data-connection.js';

export interface AuditExport {
  events: number;
  /** The newest event's hash: what an auditor keeps to prove later that nothing before it changed. */
  newestHash: string | undefined;
}

/**
 * Writes every audit event, oldest first, to `file` in JSON Lines: one event a line, with the fields and in the
 * form listAuditEvents answers, so that an auditor recomputes each hash from the line itself (docs/keys.md). A file
 * that exists is refused, not overwritten: an export is evidence.
 */
export async function exportAuditEvents(connection: DataConnection, file: string): Promise<AuditExport> {
  const out = createWriteStream(file, { flags: 'wx' });
  try {
    await once(out, 'open');
  } catch (error) {
    const exists = (error as NodeJS.ErrnoException).code === 'EEXIST';
    throw new DataCommandError(
      exists ? `${file} exists already: choose a new file` : (error as Error).message,
    );
  }
  let events = 0;
  let newestHash: string | undefined;
  for await (const event of auditEventsInOrder(connection.db)) {
    if (!out.write(`${JSON.stringify(event)}\n`)) await once(out, 'drain');
    events++;
    newestHash = event.hash;
  }
  out.end();
  await finished(out);
  return { events, newestHash };
}
