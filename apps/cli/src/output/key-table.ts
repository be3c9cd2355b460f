import { type ApiKey, rotationInWords } from '@animal-store/contract';
import { dayInWords } from './instant.js';
import { type Column, formatTable } from './table.js';

/** The width laid out for when the terminal does not tell its own; `--json` has every field, exact. */
export const KEY_TABLE_DEFAULT_WIDTH = 100;

const orNever = (instant: string | null) => (instant === null ? 'never' : dayInWords(instant));

/**
 * What a person at a terminal looks for: which key, whose, what it may do, until when, whether it is in use. Its
 * creation and its last deprecated call are in `--json`; the name gives up room when the table would not fit.
 */
function columns(keys: readonly ApiKey[]): Column<ApiKey>[] {
  return [
    { title: 'ID', cell: (key) => String(key.id) },
    { title: 'NAME', cell: (key) => key.name, shrinks: true },
    { title: 'PREFIX', cell: (key) => key.prefix },
    // Each scope by its own name, as `--scope`, the API and the admin app write it.
    { title: 'SCOPES', cell: (key) => key.scopes.join(' ') },
    { title: 'EXPIRES', cell: (key) => orNever(key.expiresAt) },
    { title: 'LAST USED', cell: (key) => orNever(key.lastUsedAt) },
    // Which key replaces which, as every key list says it: a rotated key stops at its EXPIRES.
    { title: 'STATE', cell: (key) => [key.state, rotationInWords(key, keys)].filter(Boolean).join(', ') },
  ];
}

/** Said under the table when it holds a configured key, since the API refuses to revoke or rotate one. */
export const CONFIGURED_KEYS_NOTE =
  'env-N keys come from the server’s API_KEYS setting: changed there, never revoked or rotated here.';

/** The table within `width` columns, the terminal's: the name is cut only when the rest leaves it too little. */
export function formatKeyTable(keys: readonly ApiKey[], width = KEY_TABLE_DEFAULT_WIDTH): string {
  const table = formatTable(columns(keys), keys, { maxWidth: width });
  return keys.some((key) => key.configured) ? `${table}${CONFIGURED_KEYS_NOTE}\n` : table;
}
