import { type ApiKey, formatTable, keyListColumns } from '@animal-store/contract';

/** The width laid out for when the terminal does not tell its own; `--json` has every field, exact. */
export const KEY_TABLE_DEFAULT_WIDTH = 100;

/** Said under the table when it holds a configured key, since the API refuses to revoke or rotate one. */
export const CONFIGURED_KEYS_NOTE =
  'env-N keys come from the server’s API_KEYS setting: changed there, never revoked or rotated here.';

/**
 * The key list's columns (the contract's, as the server's `keys list` has them) within `width` columns, the
 * terminal's: the name is cut only when the rest leaves it too little. Creation and the last deprecated call are in
 * `--json`.
 */
export function formatKeyTable(keys: readonly ApiKey[], width = KEY_TABLE_DEFAULT_WIDTH): string {
  const table = formatTable(keyListColumns(keys), keys, { maxWidth: width });
  return keys.some((key) => key.configured) ? `${table}${CONFIGURED_KEYS_NOTE}\n` : table;
}
