import type { ApiKey } from '@animal-store/contract';
import { configuredKeyPrefix } from '../keys/api-key.js';
import type { KeyUsage } from '../keys/key-usage.js';
import type { ConfiguredKey } from '../keys/key-verifier.js';
import { isActive, type StoredApiKey } from '../store/api-key-repository.js';

/** A stored key as the API shows it, its state as of `now`. */
export function storedKeyView(key: StoredApiKey, now = new Date().toISOString()): ApiKey {
  const state = key.revokedAt !== null ? 'revoked' : isActive(key, now) ? 'active' : 'expired';
  return { ...key, state, configured: false };
}

/** A key set by API_KEYS: always active, every scope, its use as this instance saw it. */
export function configuredKeyView({ client, key }: ConfiguredKey, usage: KeyUsage): ApiKey {
  return {
    id: client.keyId,
    name: client.name,
    prefix: configuredKeyPrefix(key),
    scopes: [...client.scopes],
    state: 'active',
    configured: true,
    createdAt: null,
    expiresAt: null,
    revokedAt: null,
    ...usage.configuredKeyUse(client.keyId),
  };
}
