import type { ListAuditEventsQuery } from './audit-event-schemas.js';
import { formatLink } from './link-header.js';

/**
 * The `Link` header value of a listAuditEvents page that has a next one: the list's address with the client's filters
 * and page size, and the cursor of the position after this page, as listPets' next link is made.
 */
export function nextAuditPageLink(
  listUrl: string,
  query: Omit<ListAuditEventsQuery, 'cursor'>,
  cursor: string,
): string {
  const params = new URLSearchParams({ limit: String(query.limit) });
  for (const name of ['keyId', 'action', 'since', 'until'] as const) {
    const value = query[name];
    if (value !== undefined) params.set(name, value);
  }
  params.set('cursor', cursor);
  return formatLink(`${listUrl}?${params}`, 'next');
}
