import { type ListAuditEventsQuery, nextPageCursor } from '@animal-store/contract';
import { useApi } from '../api/api-client-context';

/** What the History screen is narrowed to; every field is optional, as the store's filters are. */
export type HistoryFilter = Pick<ListAuditEventsQuery, 'keyId' | 'action' | 'since' | 'until'>;

/**
 * The history as one growing list: the first page, newest first, and each "Load more" follows the `next` link of
 * the page before. An infinite query fits here, unlike in the catalogue's pager: the pages are read top to bottom
 * and stay on screen together. A new filter is a new query, started again from the first page.
 */
export function useAuditPages(filter: HistoryFilter) {
  const { client, environment } = useApi();
  return client.listAuditEvents.useInfiniteQuery({
    queryKey: ['listAuditEvents', environment.name, environment.baseUrl, filter],
    queryData: ({ pageParam }: { pageParam: string | undefined }) => ({
      query: { ...filter, ...(pageParam && { cursor: pageParam }) },
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: { headers: Headers }) => nextPageCursor(page.headers.get('link')),
  });
}
