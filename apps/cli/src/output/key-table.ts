import { type ApiKey, rotationInWords } from '@animal-store/contract';
import { dayInWords } from './instant.js';
import { type Column, formatTable } from './table.js';

/** The narrowest terminal the table is laid out for; `--json` has every field, exact. */
export const KEY_TABLE_MAX_WIDTH = 100;

const orNever = (instant: string | null) => (instant === null ? 'never' : dayInWords(instant));

/** Scopes with each resource named once: `pets:read,write keys:manage` rather than 32 columns of them. */
export function scopesInShort(scopes: readonly string[]): string {
  const actionsByResource = new Map<string, string[]>();
  for (const scope of scopes) {
    const [resource = scope, action = ''] = scope.split(':');
    actionsByResource.set(resource, [...(actionsByResource.get(resource) ?? []), action]);
  }
  return [...actionsByResource].map(([resource, actions]) => `${resource}:${actions.join(',')}`).join(' ');
}

/**
 * What a person at a terminal looks for: which key, whose, what it may do, until when, whether it is in use. Its
 * creation and its last deprecated call are in `--json`; the name gives up room when the table would not fit.
 */
function columns(keys: readonly ApiKey[]): Column<ApiKey>[] {
  return [
    { title: 'ID', cell: (key) => String(key.id) },
    { title: 'NAME', cell: (key) => key.name, shrinks: true },
    { title: 'PREFIX', cell: (key) => key.prefix },
    { title: 'SCOPES', cell: (key) => scopesInShort(key.scopes) },
    { title: 'EXPIRES', cell: (key) => orNever(key.expiresAt) },
    { title: 'LAST USED', cell: (key) => orNever(key.lastUsedAt) },
    // Which key replaces which, as every key list says it: a rotated key stops at its EXPIRES.
    { title: 'STATE', cell: (key) => [key.state, rotationInWords(key, keys)].filter(Boolean).join(', ') },
  ];
}

/** Said under the table when it holds a configured key, since the API refuses to revoke or rotate one. */
export const CONFIGURED_KEYS_NOTE =
  'env-N keys come from the server’s API_KEYS setting: changed there, never revoked or rotated here.';

export function formatKeyTable(keys: readonly ApiKey[]): string {
  const table = formatTable(columns(keys), keys, { maxWidth: KEY_TABLE_MAX_WIDTH });
  return keys.some((key) => key.configured) ? `${table}${CONFIGURED_KEYS_NOTE}\n` : table;
}
