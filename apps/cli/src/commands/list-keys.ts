import type { AnimalStoreClient } from '@animal-store/client';
import { formatKeyTable } from '../output/key-table.js';
import { terminalWidth, wantsJson, writeJson, writeOut } from '../output/output.js';

/**
 * Every key, newest first as the store sends them; the list always holds at least the caller's own key. `columns`
 * is the width the user set (COLUMNS), if any.
 */
export async function listKeys(
  client: AnimalStoreClient,
  options: { json?: boolean },
  columns: number | undefined,
): Promise<void> {
  const keys = await client.apiKeys.list();
  if (wantsJson(options.json)) writeJson(keys);
  else writeOut(formatKeyTable(keys, terminalWidth(columns)));
}
