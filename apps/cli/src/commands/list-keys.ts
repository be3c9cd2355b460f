import { type ApiClient, failureOf } from '../api-client.js';
import { formatKeyTable } from '../output/key-table.js';
import { wantsJson, writeJson, writeOut } from '../output/output.js';

/** Every key, newest first as the store sends them; the list always holds at least the caller's own key. */
export async function listKeys(client: ApiClient, options: { json?: boolean }): Promise<void> {
  const response = await client.listApiKeys({ query: {} });
  if (response.status !== 200) throw failureOf(response);
  if (wantsJson(options.json)) writeJson(response.body);
  else writeOut(formatKeyTable(response.body));
}
