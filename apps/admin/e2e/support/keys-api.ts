import { type ApiKey, ApiKeySchema, CreatedApiKeySchema, type NewApiKey } from '@animal-store/contract';

/**
 * The store's key-management API called directly, beside the browser: to make keys the page has not seen, change
 * them behind its back, and check what the page did from the store's side rather than from the page's.
 */
export function keysApi(origin: string) {
  const call = (apiKey: string, path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${origin}/v1${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    });
  return {
    /** The key `apiKey` is, as the store knows it; undefined when the store refuses it (401). */
    async current(apiKey: string): Promise<ApiKey | undefined> {
      const response = await call(apiKey, '/api-keys/current');
      if (response.status === 401) return undefined;
      if (response.status !== 200) throw new Error(`getCurrentApiKey answered ${response.status}`);
      return ApiKeySchema.parse(await response.json());
    },
    async list(apiKey: string): Promise<ApiKey[]> {
      const response = await call(apiKey, '/api-keys');
      if (response.status !== 200) throw new Error(`listApiKeys answered ${response.status}`);
      return ApiKeySchema.array().parse(await response.json());
    },
    /** A new key's secret. */
    async create(apiKey: string, key: NewApiKey): Promise<string> {
      const response = await call(apiKey, '/api-keys', { method: 'POST', body: key });
      if (response.status !== 201) throw new Error(`createApiKey answered ${response.status}`);
      return CreatedApiKeySchema.parse(await response.json()).key;
    },
    async revoke(apiKey: string, id: ApiKey['id']): Promise<void> {
      const response = await call(apiKey, `/api-keys/${id}`, { method: 'DELETE' });
      if (response.status !== 200) throw new Error(`revokeApiKey answered ${response.status}`);
    },
  };
}
