import { LIST_LIMIT, nextPageCursor, type PetStatus } from '@animal-store/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { petListKey, useApi } from '../api/api-client-context';

export interface ListFilter {
  status: PetStatus | undefined;
  limit: number;
}

/**
 * The catalogue as pages. The store only links forward (each page's `nextCursor`), so the cursors of the pages
 * already seen are kept: going back re-uses them (and the cached answers), and changing the filter or the page
 * size starts again from the first page, since old cursors describe the old list.
 *
 * One query per cursor rather than `useInfiniteQuery`: an infinite query refetches its pages as one chain, each
 * page's cursor read from the page before it, so adding an animal or coming back to the tab would ask again for
 * every page seen, one after another, and a failed Next would put in error the one query that holds them all.
 * Here only the page on screen is asked again, pages seen before are refetched when shown again, and a failed
 * page is that page's error alone.
 */
export function usePetPages() {
  const { client, environment } = useApi();
  const [filter, setFilterState] = useState<ListFilter>({ status: undefined, limit: LIST_LIMIT.default });
  // cursors[i] opens page i; the first page has none.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [pageIndex, setPageIndex] = useState(0);

  const cursor = cursors[pageIndex];
  const query = {
    limit: filter.limit,
    ...(filter.status && { status: filter.status }),
    ...(cursor && { cursor }),
  };
  const result = client.listPets.useQuery({
    queryKey: [...petListKey(environment), query],
    queryData: { query },
    select: ({ body, headers }) => ({ pets: body, nextCursor: nextPageCursor(headers.get('link')) }),
    // Keep the current rows on screen (marked busy) while the next page loads, instead of flashing to empty.
    placeholderData: keepPreviousData,
  });

  const following = result.data && !result.isPlaceholderData ? result.data.nextCursor : undefined;

  return {
    result,
    filter,
    pageIndex,
    setFilter(next: ListFilter) {
      setFilterState(next);
      setCursors([undefined]);
      setPageIndex(0);
    },
    goForward:
      following === undefined
        ? undefined
        : () => {
            setCursors([...cursors.slice(0, pageIndex + 1), following]);
            setPageIndex(pageIndex + 1);
          },
    goBack: pageIndex === 0 || result.isPlaceholderData ? undefined : () => setPageIndex(pageIndex - 1),
  };
}
