import { formatLink, linkTarget } from './link-header.js';
import type { ListPetsQuery } from './schemas.js';

/** Resolves relative links: only the query of a next link is read, so the base never shows. */
const ANY_BASE = 'http://relative.invalid';

/**
 * The `Link` header value of a listPets page that has a next one: the list's address with the client's filter and
 * page size, and the opaque `cursor` the store issued for the position after this page. `listUrl` is absolute on the
 * store's public address, or a path (the link is then relative).
 */
export function nextPageLink(
  listUrl: string,
  query: Pick<ListPetsQuery, 'limit' | 'status'>,
  cursor: string,
): string {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.status !== undefined) params.set('status', query.status);
  params.set('cursor', cursor);
  return formatLink(`${listUrl}?${params}`, 'next');
}

/**
 * The `cursor` of the page after this one, from a listPets answer's `Link` header; undefined on the last page. The
 * link may be relative or name another origin (a proxy, the staging store): only its cursor is taken, so the next
 * request still goes through the contract client. A link without a cursor, or with an empty one, ends the
 * traversal rather than restarting it from the first page.
 */
export function nextPageCursor(linkHeader: string | null | undefined): string | undefined {
  const target = linkTarget(linkHeader, 'next');
  if (target === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(target, ANY_BASE);
  } catch {
    return undefined;
  }
  return url.searchParams.get('cursor') || undefined;
}
