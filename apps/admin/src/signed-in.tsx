import { type ReactNode, useMemo, useState } from 'react';
import { createApiClient } from './api/api-client';
import { ApiClientProvider } from './api/api-client-context';
import { shownFailure } from './api/api-error';
import { failureWords } from './api/failure-words';
import { HistoryPage } from './history/history-page';
import type { HistoryFilter } from './history/use-audit-pages';
import { KeysPage } from './keys/keys-page';
import { type ScreenName, ScreenNav } from './layout/screen-nav';
import { CataloguePage } from './pets/catalogue-page';
import { allows, useCurrentKey } from './session/current-key';
import type { SignedIn as SignedInSession } from './session/session-storage';

/** The screens of the one environment the key was accepted by: the client gets both from the same session. */
export function SignedIn({ session, children }: { session: SignedInSession; children: ReactNode }) {
  const { environment, apiKey } = session;
  const { baseUrl } = environment;
  const client = useMemo(() => createApiClient(baseUrl, apiKey), [baseUrl, apiKey]);
  return (
    <ApiClientProvider client={client} environment={environment}>
      {children}
      {/* Keyed by environment: the screen, paging state and cursors of one store mean nothing to another. */}
      <SignedInScreens key={environment.name} />
    </ApiClientProvider>
  );
}

/**
 * Only what the key may use: the catalogue, with the add form if it may add animals, and the Keys and History screens
 * (and the navigation to them) if it may manage keys. The store enforces the scopes anyway; this spares the admin buttons
 * that can only fail.
 */
function SignedInScreens() {
  const current = useCurrentKey();
  const [chosen, setChosen] = useState<ScreenName>('catalogue');
  const [historyFilter, setHistoryFilter] = useState<HistoryFilter>({});
  const key = current.data;
  const managesKeys = allows(key?.scopes, 'keys:manage');
  const failure = shownFailure(current.error);
  return (
    <>
      {managesKeys && <ScreenNav current={chosen} onChange={setChosen} />}
      {/* A refused key ends the session (see the query client); any other failure leaves a read-only catalogue. */}
      {failure && (
        <div className="form-error access-problem" role="alert">
          <p>
            {failureWords(failure, 'find out what this API key may do')} Until then, adding animals and
            managing keys are not offered.
          </p>
          <button
            type="button"
            className="secondary"
            aria-disabled={current.isFetching}
            onClick={() => void current.refetch()}
          >
            {current.isFetching ? 'Trying again…' : 'Try again'}
          </button>
        </div>
      )}
      {key && managesKeys && chosen === 'keys' ? (
        <KeysPage
          signedInKeyId={key.id}
          onShowHistory={(shown) => {
            setHistoryFilter({ keyId: String(shown.id) });
            setChosen('history');
          }}
        />
      ) : key && managesKeys && chosen === 'history' ? (
        <HistoryPage filter={historyFilter} onFilterChange={setHistoryFilter} />
      ) : (
        <CataloguePage canAdd={allows(key?.scopes, 'pets:write')} />
      )}
    </>
  );
}
