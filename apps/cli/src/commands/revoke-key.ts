import { type ApiClient, failureOf } from '../api-client.js';
import { wantsJson, writeJson, writeOut } from '../output/output.js';

export async function revokeKey(
  client: ApiClient,
  keyId: number,
  options: { json?: boolean },
): Promise<void> {
  const response = await client.revokeApiKey({ params: { keyId: String(keyId) } });
  if (response.status !== 200) throw failureOf(response);
  const key = response.body;
  if (wantsJson(options.json)) writeJson(key);
  else writeOut(`Revoked key ${key.id} (${key.name}, ${key.prefix}): it is no longer accepted.\n`);
}
