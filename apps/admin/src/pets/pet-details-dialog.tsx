import type { Pet } from '@animal-store/contract';
import { useEffect, useId, useRef } from 'react';
import { StatusBadge } from './status-badge';

/**
 * One animal's details, from the list the admin is looking at: the deprecated getPet is never called. A native
 * modal <dialog> traps focus, closes on Escape and hands focus back to the row that opened it.
 */
export function PetDetailsDialog({ pet, onClose }: { pet: Pet | undefined; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (pet && dialog && !dialog.open) dialog.showModal();
    if (!pet && dialog?.open) dialog.close();
  }, [pet]);

  return (
    <dialog ref={ref} className="details" aria-labelledby={titleId} onClose={onClose}>
      {pet && (
        <>
          <h2 id={titleId}>{pet.name}</h2>
          <dl className="details-list">
            <dt>ID</dt>
            <dd>{pet.id}</dd>
            <dt>Name</dt>
            <dd>{pet.name}</dd>
            <dt>Category</dt>
            <dd>{pet.categoryId}</dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={pet.status} />
            </dd>
          </dl>
          <form method="dialog">
            <button type="submit">Close</button>
          </form>
        </>
      )}
    </dialog>
  );
}
