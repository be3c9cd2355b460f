import type { Pet } from '@animal-store/contract';
import { useEffect, useId, useRef } from 'react';
import { useApi } from '../api/api-client-context';
import { CopyButton } from '../controls/copy-button';
import { StatusBadge } from './status-badge';

/**
 * What the row cannot give: the animal's id and API address to copy, and the JSON the store returns for it, e.g.
 * to paste into a script or a support ticket. Built from the list the admin is looking at: the deprecated getPet
 * is never called. A native modal <dialog> traps focus, closes on Escape and hands focus back to the opener.
 */
export function PetDetailsDialog({ pet, onClose }: { pet: Pet | undefined; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { environment } = useApi();

  useEffect(() => {
    const dialog = ref.current;
    if (pet && dialog && !dialog.open) dialog.showModal();
    if (!pet && dialog?.open) dialog.close();
  }, [pet]);

  const address = pet && new URL(`${environment.baseUrl}/pets/${pet.id}`, window.location.href).href;
  const json = pet && JSON.stringify(pet, null, 2);
  return (
    <dialog ref={ref} className="details" aria-labelledby={titleId} onClose={onClose}>
      {pet && address && json && (
        <>
          <h2 id={titleId}>{pet.name}</h2>
          <p className="details-summary">
            <StatusBadge status={pet.status} /> in category {pet.categoryId}
          </p>
          <dl className="details-list">
            <dt>ID</dt>
            <dd>
              <code className="copyable">{pet.id}</code>
              <CopyButton value={String(pet.id)} label="ID" />
            </dd>
            <dt>API address</dt>
            <dd>
              <code className="copyable">{address}</code>
              <CopyButton value={address} label="API address" />
            </dd>
          </dl>
          <div className="details-json">
            <h3>
              JSON <CopyButton value={json} label="JSON" />
            </h3>
            <pre className="copyable">{json}</pre>
          </div>
          <form method="dialog">
            <button type="submit">Close</button>
          </form>
        </>
      )}
    </dialog>
  );
}
