import type { Pet, PetStatus } from '@animal-store/contract';
import { ErrorState } from '../controls/error-state';
import { EmptyState, LoadingState } from './list-states';
import { PetTable } from './pet-table';

/** Everything the catalogue area can show; derived from the listPets query by the catalogue page. */
export type PetListView =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; retrying: boolean }
  | { kind: 'data'; pets: readonly Pet[]; busy: boolean };

interface PetListProps {
  view: PetListView;
  status: PetStatus | undefined;
  /** Whether the add form is offered, so that the empty catalogue may point to it. */
  canAdd: boolean;
  caption: string;
  onOpen: (pet: Pet) => void;
  onRetry: () => void;
  onClearFilter: () => void;
}

export function PetList({ view, status, canAdd, caption, onOpen, onRetry, onClearFilter }: PetListProps) {
  switch (view.kind) {
    case 'loading':
      return <LoadingState />;
    case 'error':
      return (
        <ErrorState
          title="The catalogue could not be loaded"
          message={view.message}
          onRetry={onRetry}
          retrying={view.retrying}
        />
      );
    case 'data':
      return view.pets.length === 0 ? (
        <EmptyState status={status} canAdd={canAdd} onClearFilter={onClearFilter} />
      ) : (
        <PetTable pets={view.pets} caption={caption} busy={view.busy} onOpen={onOpen} />
      );
  }
}
