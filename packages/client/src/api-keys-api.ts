import type { ApiKey, CreatedApiKey, NewApiKey, UpdateApiKey } from '@animal-store/contract/schemas';
import type { CallOptions } from './options.js';

export interface RotateApiKeyOptions extends CallOptions {
  /** How long the old key keeps working beside its successor, in hours: 24 by default, 0 ends it now. */
  overlapHours?: number;
}

/** The store's API keys; every method but `current` needs a key with the `keys:manage` scope. */
export interface ApiKeysApi {
  /** Every key, newest first, revoked and expired ones included. */
  list(options?: CallOptions): Promise<ApiKey[]>;
  /** The key this client calls with, whatever its scopes. */
  current(options?: CallOptions): Promise<ApiKey>;
  /** Makes a key; its secret is in `key`, shown only in this answer. */
  create(key: NewApiKey, options?: CallOptions): Promise<CreatedApiKey>;
  /**
   * Changes a key's name, own rate limit or allowed networks: a field left out stays, `null` removes the limit or
   * the list. Holds on the store's instance before it answers, on its other instances within 10 seconds.
   */
  update(id: ApiKey['id'], changes: UpdateApiKey, options?: CallOptions): Promise<ApiKey>;
  /** Revokes a key at once; revoking a revoked key changes nothing. */
  revoke(id: ApiKey['id'], options?: CallOptions): Promise<ApiKey>;
  /** Makes the key's successor (its secret in `key`) and has the old key expire after the overlap. */
  rotate(id: ApiKey['id'], options?: RotateApiKeyOptions): Promise<CreatedApiKey>;
}
