import { useEffect, useRef } from 'react';
import { useApi } from '../api/api-client-context';
import { describeFailure } from '../api/api-error';
import { failureWords } from '../api/failure-words';
import { ErrorState } from '../controls/error-state';
import { useKeyList } from '../keys/use-key-list';
import { AuditEventTable } from './audit-event-table';
import { keyInWords, keyNamesOf } from './audit-words';
import { HistoryFilters } from './history-filters';
import { type HistoryFilter, useAuditPages } from './use-audit-pages';

/**
 * The History screen, for a key with keys:manage: the audit log of key operations, newest first, in plain words,
 * with the store's filters and "Load more" following its next link. The key list names the keys the events name
 * by id; without it the events still show, with the ids.
 */
export function HistoryPage({
  filter,
  onFilterChange,
}: {
  filter: HistoryFilter;
  onFilterChange: (filter: HistoryFilter) => void;
}) {
  const { environment } = useApi();
  const keys = useKeyList();
  const names = keyNamesOf(keys.data);
  const history = useAuditPages(filter);
  const events = history.data?.pages.flatMap((page) => page.body);
  const narrowed = Object.keys(filter).length > 0;
  // "Load more" vanishes with the last page: the focus goes to the first event it brought, where reading goes on.
  const shownBefore = useRef<number | undefined>(undefined);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const from = shownBefore.current;
    if (from === undefined || events === undefined || events.length <= from) return;
    shownBefore.current = undefined;
    list.current?.querySelectorAll<HTMLElement>('tbody th')[from]?.focus();
  }, [events]);
  return (
    <main id="main" className="keys-page history-page">
      <section className="panel keys" aria-labelledby="history-heading">
        <h2 id="history-heading" tabIndex={-1}>
          History
        </h2>
        <p className="muted">
          Every key created, rotated or revoked, every key operation the store refused, and every store loaded
          from a backup or another database, newest first.
          {filter.keyId !== undefined && ` Only ${keyInWords(filter.keyId, names)}.`}
        </p>
        {/* Keyed by the filter: a filter chosen elsewhere (a key's History button) shows in the boxes. */}
        <HistoryFilters
          key={JSON.stringify(filter)}
          filter={filter}
          keys={keys.data ?? []}
          onChange={onFilterChange}
        />
        {events ? (
          events.length === 0 ? (
            <p className="state" role="status">
              {narrowed ? 'No event matches these filters.' : 'Nothing has happened to the keys yet.'}
            </p>
          ) : (
            <>
              <p role="status">
                Showing {events.length} event{events.length === 1 ? '' : 's'}
                {history.hasNextPage ? '; older ones follow.' : '.'}
              </p>
              <div ref={list}>
                <AuditEventTable
                  events={events}
                  names={names}
                  caption={`History of the keys of ${environment.name}, newest first`}
                  busy={history.isFetching}
                />
              </div>
              {history.isFetchNextPageError && (
                <p className="form-error" role="alert">
                  {failureWords(describeFailure(history.error), 'load more of the history')}
                </p>
              )}
              {history.hasNextPage && (
                <div className="pager">
                  <button
                    type="button"
                    className="secondary"
                    aria-disabled={history.isFetchingNextPage}
                    onClick={() => {
                      if (history.isFetchingNextPage) return;
                      shownBefore.current = events.length;
                      void history.fetchNextPage();
                    }}
                  >
                    {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
                  </button>
                </div>
              )}
            </>
          )
        ) : history.isError ? (
          <ErrorState
            title="The history could not be loaded"
            message={failureWords(describeFailure(history.error), 'load the history')}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        ) : (
          <p role="status">Loading the history…</p>
        )}
      </section>
    </main>
  );
}
