import type { AnimalStoreClient, UpdateApiKey } from '@animal-store/client';
import { policyInWords } from '../output/key-policy.js';
import { wantsJson, writeJson, writeOut } from '../output/output.js';

export interface UpdateKeyOptions {
  name?: string;
  /** `default`: the store's own limit again. */
  rateLimit?: number | 'default';
  network?: string[];
  anyNetwork?: boolean;
  json?: boolean;
}

/** Sends only what was given: a field left out stays as it is on the store. */
export async function updateKey(
  client: AnimalStoreClient,
  keyId: number,
  options: UpdateKeyOptions,
): Promise<void> {
  const changes: UpdateApiKey = {
    ...(options.name !== undefined && { name: options.name }),
    ...(options.rateLimit !== undefined && {
      rateLimitPerMinute: options.rateLimit === 'default' ? null : options.rateLimit,
    }),
    ...(options.network !== undefined && { allowedNetworks: options.network }),
    ...(options.anyNetwork && { allowedNetworks: null }),
  };
  const key = await client.apiKeys.update(keyId, changes);
  if (wantsJson(options.json)) writeJson(key);
  else writeOut(`Updated key ${key.id} (${key.name}): ${policyInWords(key)}.\n`);
}
