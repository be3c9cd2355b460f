import type { ApiKey } from '@animal-store/contract';
import { configuredKeyFingerprint } from '../keys/api-key.js';
import type { KeyUsage } from '../keys/key-usage.js';
import type { ConfiguredKey } from '../keys/key-verifier.js';
import type { StoredApiKey } from '../store/api-key-repository.js';
import { keyState } from '../store/key-state.js';

/**
 * A stored key as the API shows it, its state as of `now`. Field by field, in the contract's order: whatever else
 * the value carries (an issued key's secret) is never shown by accident.
 */
export function storedKeyView(key: StoredApiKey, now = new Date().toISOString()): ApiKey {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    state: keyState(key, now),
    configured: false,
    createdAt: key.createdAt,
    expiresAt: key.expiresAt,
    lastUsedAt: key.lastUsedAt,
    deprecatedCallAt: key.deprecatedCallAt,
    revokedAt: key.revokedAt,
    rotatedAt: key.rotatedAt,
    replaces: key.replacesId,
    rateLimitPerMinute: key.rateLimitPerMinute,
    allowedNetworks: key.allowedNetworks,
  };
}

/** A key set by API_KEYS: always active, every scope, no policy of its own, its use as this instance saw it. */
export function configuredKeyView({ client, key }: ConfiguredKey, usage: KeyUsage): ApiKey {
  return {
    id: client.keyId,
    name: client.name,
    prefix: configuredKeyFingerprint(key),
    scopes: [...client.scopes],
    state: 'active',
    configured: true,
    createdAt: null,
    expiresAt: null,
    revokedAt: null,
    rotatedAt: null,
    replaces: null,
    // The operator's own keys, for recovery: the server's limit, from any network.
    rateLimitPerMinute: null,
    allowedNetworks: null,
    ...usage.configuredKeyUse(client.keyId),
  };
}
