import type { PetStatus } from '@animal-store/contract';
import { useEffect, useRef } from 'react';

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

export function EmptyState(props: { status: PetStatus | undefined; onClearFilter: () => void }) {
  if (props.status === undefined) {
    return (
      <div className="state state-empty" role="status">
        <p className="state-title">No animals in the catalogue yet</p>
        <p>Add the first one with the form “Add an animal”.</p>
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

/**
 * A failure that replaces the list also removes the pager: after a failed Next, clicked at the foot of a long page,
 * the focus falls to the page and the error may sit out of view. Then it is brought into view and given the focus,
 * so that a screen reader reads it where the admin is; an admin busy elsewhere (typing in the add form) is left
 * alone, as the alert is announced anyway.
 */
export function ErrorState(props: { message: string; onRetry: () => void; retrying: boolean }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (!alert.current || (focused !== null && focused !== document.body)) return;
    alert.current.scrollIntoView({ block: 'nearest' });
    alert.current.focus({ preventScroll: true });
  }, []);
  return (
    <div className="state state-error" role="alert" tabIndex={-1} ref={alert}>
      <p className="state-title">The catalogue could not be loaded</p>
      <p>{props.message}</p>
      <button type="button" className="secondary" onClick={props.onRetry} aria-disabled={props.retrying}>
        {props.retrying ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
