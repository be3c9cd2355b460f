import type { Pet } from '@animal-store/contract';
import { useState } from 'react';
import { useApi } from '../api/api-client-context';
import { describeFailure } from '../api/api-error';
import { failureWords } from '../api/failure-words';
import { AddPetSection } from './add-pet-section';
import { JustAdded, pinnedAnimals, withJustAdded } from './just-added';
import { ListControls } from './list-controls';
import { Pager } from './pager';
import { PetDetailsDialog } from './pet-details-dialog';
import { PetList, type PetListView } from './pet-list';
import { usePetPages } from './use-pet-pages';

/**
 * The catalogue with its filter and pages, the add-animal form beside it when the key may add animals
 * (`canAdd`) with the animals just added pinned above the list, and one animal's details on demand.
 */
export function CataloguePage({ canAdd }: { canAdd: boolean }) {
  const { environment } = useApi();
  const pages = usePetPages();
  const [selected, setSelected] = useState<Pet>();
  const [justAdded, setJustAdded] = useState<Pet[]>([]);
  const { result } = pages;

  const view: PetListView = result.data
    ? { kind: 'data', pets: result.data.pets, busy: result.isPlaceholderData }
    : result.isError
      ? {
          kind: 'error',
          message: failureWords(describeFailure(result.error), 'load the catalogue'),
          retrying: result.isFetching,
        }
      : { kind: 'loading' };
  const pageNumber = pages.pageIndex + 1;
  // From a settled page only: while the list refetches after an add, the new animal is not on it yet.
  const settled = result.data && !result.isFetching ? result.data.pets : undefined;
  const pinned = pinnedAnimals(justAdded, settled, pages.filter.status);

  return (
    <main id="main" className={canAdd ? 'catalogue-page' : 'catalogue-page read-only'}>
      {canAdd && (
        <AddPetSection
          onOpen={setSelected}
          onAdded={(pet) => setJustAdded((pets) => withJustAdded(pets, pet))}
        />
      )}
      <section className="panel catalogue" aria-labelledby="catalogue-heading">
        <h2 id="catalogue-heading">Catalogue</h2>
        <JustAdded pets={pinned} onOpen={setSelected} />
        <ListControls filter={pages.filter} onChange={pages.setFilter} />
        <PetList
          view={view}
          status={pages.filter.status}
          canAdd={canAdd}
          caption={`Animals in ${environment.name}, page ${pageNumber}`}
          onOpen={setSelected}
          onRetry={() => void result.refetch()}
          onClearFilter={() => pages.setFilter({ ...pages.filter, status: undefined })}
        />
        <Pager
          pageNumber={pageNumber}
          shown={result.data?.pets.length ?? 0}
          onBack={pages.goBack}
          onForward={pages.goForward}
        />
      </section>
      <PetDetailsDialog pet={selected} onClose={() => setSelected(undefined)} />
    </main>
  );
}
