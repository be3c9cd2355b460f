import type { AnimalStoreClient } from '@animal-store/client';
import { wantsJson, writeJson, writeOut } from '../output/output.js';
import { defaultRows, formatUsageTable, type UsageRows } from '../output/usage-table.js';

export interface KeyUsageOptions {
  since?: string;
  until?: string;
  by?: UsageRows;
  json?: boolean;
}

/** A stored key's requests over a range, as the store answers them: JSON for a pipe, a table at a terminal. */
export async function keyUsage(
  client: AnimalStoreClient,
  id: number,
  options: KeyUsageOptions,
): Promise<void> {
  const usage = await client.apiKeys.usage(id, { since: options.since, until: options.until });
  if (wantsJson(options.json)) writeJson(usage);
  else writeOut(formatUsageTable(usage, options.by ?? defaultRows(usage)));
}
