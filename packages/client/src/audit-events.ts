import { nextPageCursor } from '@animal-store/contract/schemas';
import type { AuditEventPageOptions, AuditEventsApi } from './audit-events-api.js';
import { listing } from './paging.js';
import type { StoreCalls } from './store-calls.js';
import { successOf } from './success.js';

/** Instants travel as ISO 8601 text; a key id as its text. */
function queryOf({ keyId, since, until, ...rest }: AuditEventPageOptions) {
  return {
    ...rest,
    ...(keyId !== undefined && { keyId: String(keyId) }),
    ...(since !== undefined && { since: new Date(since).toISOString() }),
    ...(until !== undefined && { until: new Date(until).toISOString() }),
  };
}

/** The audit log's methods on the store's calls; a read, so the fetcher repeats it when unsure. */
export function auditEventsApi(calls: StoreCalls): AuditEventsApi {
  const page: AuditEventsApi['page'] = async (query = {}, options) => {
    const answer = await calls.listAuditEvents({
      query: queryOf(query),
      fetchOptions: { signal: options?.signal },
    });
    const { body, headers } = successOf(answer, 200);
    return { events: body, nextCursor: nextPageCursor(headers.get('link')) };
  };
  return {
    page,
    list: (query = {}, options) =>
      listing(async (cursor) => {
        const { events, nextCursor } = await page({ ...query, cursor }, options);
        return { items: events, nextCursor };
      }),
  };
}
