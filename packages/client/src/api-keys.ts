import type { ApiKey, CreatedApiKey, NewApiKey } from '@animal-store/contract';
import type { CallOptions, RetrySettings } from './options.js';
import { withRetries } from './retrying.js';
import { successOf } from './success.js';
import type { StoreCalls } from './transport.js';

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
  /** Revokes a key at once; revoking a revoked key changes nothing. */
  revoke(id: ApiKey['id'], options?: CallOptions): Promise<ApiKey>;
  /** Makes the key's successor (its secret in `key`) and has the old key expire after the overlap. */
  rotate(id: ApiKey['id'], options?: RotateApiKeyOptions): Promise<CreatedApiKey>;
}

export function apiKeysApi(calls: StoreCalls, settings: RetrySettings): ApiKeysApi {
  // Reading and revoking may be repeated after no answer; creating and rotating may not: a lost answer to either
  // may have made a key, and a repeat would make another.
  const repeatable = (options: CallOptions | undefined) => ({
    repeatableWithoutAnswer: true,
    signal: options?.signal,
  });
  const once = (options: CallOptions | undefined) => ({
    repeatableWithoutAnswer: false,
    signal: options?.signal,
  });

  return {
    list: async (options) =>
      successOf(
        await withRetries(settings, repeatable(options), (signal) =>
          calls.listApiKeys({ fetchOptions: { signal } }),
        ),
        200,
      ).body,
    current: async (options) =>
      successOf(
        await withRetries(settings, repeatable(options), (signal) =>
          calls.getCurrentApiKey({ fetchOptions: { signal } }),
        ),
        200,
      ).body,
    create: async (key, options) =>
      successOf(
        await withRetries(settings, once(options), (signal) =>
          calls.createApiKey({ body: key, fetchOptions: { signal } }),
        ),
        201,
      ).body,
    revoke: async (id, options) =>
      successOf(
        await withRetries(settings, repeatable(options), (signal) =>
          calls.revokeApiKey({ params: { keyId: String(id) }, fetchOptions: { signal } }),
        ),
        200,
      ).body,
    rotate: async (id, options) => {
      const body = options?.overlapHours === undefined ? {} : { overlapHours: options.overlapHours };
      return successOf(
        await withRetries(settings, once(options), (signal) =>
          calls.rotateApiKey({ params: { keyId: String(id) }, body, fetchOptions: { signal } }),
        ),
        201,
      ).body;
    },
  };
}
