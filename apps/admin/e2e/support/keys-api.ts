import {
  type ApiKey,
  ApiKeySchema,
  type AuditEvent,
  AuditEventListSchema,
  CreatedApiKeySchema,
  type NewApiKey,
  nextPageCursor,
} from '@animal-store/contract';

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
    /** The successor's secret. */
    async rotate(apiKey: string, id: ApiKey['id']): Promise<string> {
      const response = await call(apiKey, `/api-keys/${id}/rotate`, { method: 'POST', body: {} });
      if (response.status !== 201) throw new Error(`rotateApiKey answered ${response.status}`);
      return CreatedApiKeySchema.parse(await response.json()).key;
    },
    /** The whole audit log, newest first, following the next links. */
    async auditEvents(apiKey: string): Promise<AuditEvent[]> {
      const events: AuditEvent[] = [];
      let cursor: string | undefined;
      do {
        const response = await call(
          apiKey,
          `/audit-events?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        if (response.status !== 200) throw new Error(`listAuditEvents answered ${response.status}`);
        events.push(...AuditEventListSchema.parse(await response.json()));
        cursor = nextPageCursor(response.headers.get('link'));
      } while (cursor !== undefined);
      return events;
    },
    async revoke(apiKey: string, id: ApiKey['id']): Promise<void> {
      const response = await call(apiKey, `/api-keys/${id}`, { method: 'DELETE' });
      if (response.status !== 200) throw new Error(`revokeApiKey answered ${response.status}`);
    },
  };
}
