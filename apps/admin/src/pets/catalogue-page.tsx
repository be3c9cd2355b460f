import type { Pet } from '@animal-store/contract';
import { useState } from 'react';
import { useApi } from '../api/api-client-context';
import { describeFailure } from '../api/api-error';
import { AddPetPanel } from './add-pet-panel';
import { ListControls } from './list-controls';
import { Pager } from './pager';
import { PetDetailsDialog } from './pet-details-dialog';
import { PetList, type PetListView } from './pet-list';
import { usePetPages } from './use-pet-pages';

/** The catalogue with its filter and pages, the add-animal form beside it, and one animal's details on demand. */
export function CataloguePage() {
  const { environment } = useApi();
  const pages = usePetPages();
  const [selected, setSelected] = useState<Pet>();
  const { result } = pages;

  const view: PetListView = result.data
    ? { kind: 'data', pets: result.data.body, busy: result.isPlaceholderData }
    : result.isError
      ? { kind: 'error', message: describeFailure(result.error).message, retrying: result.isFetching }
      : { kind: 'loading' };
  const shown = result.data?.body.length ?? 0;
  const pageNumber = pages.pageIndex + 1;

  return (
    <main id="main" className="catalogue-page">
      <section className="panel catalogue" aria-labelledby="catalogue-heading">
        <h2 id="catalogue-heading">Catalogue</h2>
        <ListControls filter={pages.filter} onChange={pages.setFilter} />
        <PetList
          view={view}
          status={pages.filter.status}
          caption={`Animals in ${environment.name}, page ${pageNumber}`}
          onOpen={setSelected}
          onRetry={() => void result.refetch()}
          onClearFilter={() => pages.setFilter({ ...pages.filter, status: undefined })}
        />
        <Pager
          pageNumber={pageNumber}
          rows={
            shown > 0 ? { first: pages.firstRowNumber, last: pages.firstRowNumber + shown - 1 } : undefined
          }
          onBack={pages.goBack}
          onForward={pages.goForward}
        />
      </section>
      <section className="panel" aria-labelledby="add-heading">
        <h2 id="add-heading">Add an animal</h2>
        <AddPetPanel onOpen={setSelected} />
      </section>
      <PetDetailsDialog pet={selected} onClose={() => setSelected(undefined)} />
    </main>
  );
}
