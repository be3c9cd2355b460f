import type { PetPageOptions } from '@animal-store/client';
import { LIST_LIMIT, type PetStatus } from '@animal-store/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
 */
export function usePetPages() {
  const { client, environment } = useApi();
  const [filter, setFilterState] = useState<ListFilter>({ status: undefined, limit: LIST_LIMIT.default });
  // cursors[i] opens page i; the first page has none.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [pageIndex, setPageIndex] = useState(0);

  const cursor = cursors[pageIndex];
  const query: PetPageOptions = {
    limit: filter.limit,
    ...(filter.status && { status: filter.status }),
    ...(cursor && { cursor }),
  };
  const result = useQuery({
    queryKey: [...petListKey(environment), query],
    queryFn: ({ signal }) => client.pets.page(query, { signal }),
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
