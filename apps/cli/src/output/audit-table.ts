import type { AuditEvent } from '@animal-store/contract';
import { type Column, formatTable } from '@animal-store/contract';
import { instantInWords } from './instant.js';

/** The width laid out for when the terminal does not tell its own, as `keys list`'s. */
export const AUDIT_TABLE_DEFAULT_WIDTH = 100;

const orDash = (value: string | number | null) => (value === null ? '-' : String(value));

/** Who acted, as `keys list` names keys: a configured key by its `env-N` id, an operator by its command. */
function actorInWords({ actor }: AuditEvent): string {
  if (actor.type === 'operator') return `operator: ${actor.name}`;
  return `${actor.name} (${actor.keyId})`;
}

/** What was done, and to which key: `api_key.rotated 3 -> 9`. */
function actionInWords(event: AuditEvent): string {
  const target = event.keyId === null ? '' : ` ${event.keyId}`;
  const successor = event.successorId === null ? '' : ` -> ${event.successorId}`;
  return `${event.action}${target}${successor}`;
}

/**
 * What an auditor at a terminal reads: when, who, did what to which key, whether it was done, from where. The
 * request id, the user agent and the hashes, which are for tools, are in `--json`; the actor gives up room when the
 * table would not fit.
 */
const COLUMNS: Column<AuditEvent>[] = [
  { title: 'ID', cell: (event) => String(event.id), alignRight: true },
  { title: 'AT (UTC)', cell: (event) => instantInWords(event.at) },
  { title: 'ACTOR', cell: actorInWords, shrinks: true },
  { title: 'ACTION', cell: actionInWords },
  { title: 'OUTCOME', cell: (event) => (event.outcome === 'done' ? 'done' : `refused: ${event.code}`) },
  { title: 'FROM', cell: (event) => orDash(event.clientAddress) },
];

/** The events, newest first as the store lists them, within `width` columns. */
export function formatAuditTable(events: readonly AuditEvent[], width = AUDIT_TABLE_DEFAULT_WIDTH): string {
  return formatTable(COLUMNS, events, { maxWidth: width });
}
