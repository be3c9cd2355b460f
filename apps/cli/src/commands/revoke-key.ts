import type { AnimalStoreClient } from '@animal-store/client';
import { wantsJson, writeJson, writeOut } from '../output/output.js';

export async function revokeKey(
  client: AnimalStoreClient,
  keyId: number,
  options: { json?: boolean },
): Promise<void> {
  const key = await client.apiKeys.revoke(keyId);
  if (wantsJson(options.json)) writeJson(key);
  else writeOut(`Revoked key ${key.id} (${key.name}, ${key.prefix}): it is no longer accepted.\n`);
}
