import { LIST_LIMIT, nextPageCursor, type PetStatus } from '@animal-store/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { petListKey, useApi } from '../api/api-client-context';

export interface ListFilter {
  status: PetStatus | undefined;
  limit: number;
}

/**
 * The catalogue as pages. The store only links forward (`rel="next"`), so the cursors of the pages already seen
 * are kept: going back re-uses them (and the cached answers), and changing the filter or the page size starts
 * again from the first page, since old cursors describe the old list.
 */
export function usePetPages() {
  const { api, environment } = useApi();
  const [filter, setFilterState] = useState<ListFilter>({ status: undefined, limit: LIST_LIMIT.default });
  // cursors[i] opens page i; the first page has none.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [pageIndex, setPageIndex] = useState(0);

  const cursor = cursors[pageIndex];
  // Parameters travel as text: the contract reads `limit` from its decimal digits.
  const query = {
    limit: String(filter.limit),
    ...(filter.status && { status: filter.status }),
    ...(cursor && { cursor }),
  };
  const result = api.listPets.useQuery({
    queryKey: [...petListKey(environment), query],
    queryData: { query },
    // Keep the current rows on screen (marked busy) while the next page loads, instead of flashing to empty.
    placeholderData: keepPreviousData,
  });

  const following =
    result.data && !result.isPlaceholderData ? nextPageCursor(result.data.headers.get('link')) : undefined;

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
