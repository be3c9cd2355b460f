import type { ApiKeysApi } from './api-keys-api.js';
import type { StoreCalls } from './store-calls.js';
import { successOf } from './success.js';

/** The key methods on the store's calls; which of them are repeated after no answer is the fetcher's to know. */
export function apiKeysApi(calls: StoreCalls): ApiKeysApi {
  return {
    list: async (options) =>
      successOf(await calls.listApiKeys({ fetchOptions: { signal: options?.signal } }), 200).body,
    current: async (options) =>
      successOf(await calls.getCurrentApiKey({ fetchOptions: { signal: options?.signal } }), 200).body,
    create: async (key, options) =>
      successOf(await calls.createApiKey({ body: key, fetchOptions: { signal: options?.signal } }), 201).body,
    update: async (id, changes, options) =>
      successOf(
        await calls.updateApiKey({
          params: { keyId: String(id) },
          body: changes,
          fetchOptions: { signal: options?.signal },
        }),
        200,
      ).body,
    revoke: async (id, options) =>
      successOf(
        await calls.revokeApiKey({
          params: { keyId: String(id) },
          fetchOptions: { signal: options?.signal },
        }),
        200,
      ).body,
    rotate: async (id, options) => {
      const body = options?.overlapHours === undefined ? {} : { overlapHours: options.overlapHours };
      const answer = await calls.rotateApiKey({
        params: { keyId: String(id) },
        body,
        fetchOptions: { signal: options?.signal },
      });
      return successOf(answer, 201).body;
    },
  };
}
