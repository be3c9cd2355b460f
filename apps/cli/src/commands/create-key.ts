import type { ApiKeyScope } from '@animal-store/contract';
import { type ApiClient, failureOf } from '../api-client.js';
import { instantInWords } from '../output/instant.js';
import { writeNewKey } from '../output/new-key.js';

export interface CreateKeyOptions {
  name: string;
  scope: ApiKeyScope[];
  expires?: string;
  json?: boolean;
}

export async function createKey(client: ApiClient, options: CreateKeyOptions): Promise<void> {
  const response = await client.createApiKey({
    body: {
      name: options.name,
      scopes: options.scope,
      ...(options.expires !== undefined && { expiresAt: options.expires }),
    },
  });
  if (response.status !== 201) throw failureOf(response);
  const key = response.body;
  const expiry = key.expiresAt === null ? 'never expires' : `expires ${instantInWords(key.expiresAt)}`;
  writeNewKey(key, `Created key ${key.id} (${key.name}): ${key.scopes.join(', ')}; ${expiry}.`, options.json);
}
