import type { PetStatus } from '@animal-store/contract';

const SKELETON_ROWS = 5;

/** Placeholder rows in the table's own shape, so the page does not jump when the animals arrive. */
export function LoadingState() {
  return (
    <div className="state state-loading" role="status">
      <span className="visually-hidden">Loading animals…</span>
      <div className="skeleton" aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS }, (_, row) => (
          <div className="skeleton-row" key={row} />
        ))}
      </div>
    </div>
  );
}

export function EmptyState(props: {
  status: PetStatus | undefined;
  canAdd: boolean;
  onClearFilter: () => void;
}) {
  if (props.status === undefined) {
    return (
      <div className="state state-empty" role="status">
        <p className="state-title">No animals in the catalogue yet</p>
        {props.canAdd && <p>Add the first one with the form “Add an animal”.</p>}
      </div>
    );
  }
  return (
    <div className="state state-empty" role="status">
      <p className="state-title">No animals with status “{props.status}”</p>
      <button type="button" className="secondary" onClick={props.onClearFilter}>
        Show all statuses
      </button>
    </div>
  );
}
