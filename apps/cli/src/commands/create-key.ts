import type { AnimalStoreClient } from '@animal-store/client';
import type { ApiKeyScope } from '@animal-store/contract';
import { instantInWords } from '../output/instant.js';
import { policyInWords } from '../output/key-policy.js';
import { writeNewKey } from '../output/new-key.js';

export interface CreateKeyOptions {
  name: string;
  scope: ApiKeyScope[];
  expires?: string;
  rateLimit?: number;
  network?: string[];
  json?: boolean;
}

export async function createKey(client: AnimalStoreClient, options: CreateKeyOptions): Promise<void> {
  const key = await client.apiKeys.create({
    name: options.name,
    scopes: options.scope,
    ...(options.expires !== undefined && { expiresAt: options.expires }),
    ...(options.rateLimit !== undefined && { rateLimitPerMinute: options.rateLimit }),
    ...(options.network !== undefined && { allowedNetworks: options.network }),
  });
  const expiry = key.expiresAt === null ? 'never expires' : `expires ${instantInWords(key.expiresAt)}`;
  writeNewKey(
    key,
    `Created key ${key.id} (${key.name}): ${key.scopes.join(', ')}; ${expiry}; ${policyInWords(key)}.`,
    options.json,
  );
}
