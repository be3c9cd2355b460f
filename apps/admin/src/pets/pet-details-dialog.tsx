import { dayInWords, GET_PET_SUNSET, type Pet } from '@animal-store/contract';
import { useEffect, useId, useRef } from 'react';
import { useApi } from '../api/api-client-context';
import { CopyButton } from '../controls/copy-button';
import { ApiAddress } from './api-address';
import { StatusBadge } from './status-badge';

/**
 * What the row cannot give: the animal's id and API addresses to copy, and the JSON the store returns for it, e.g.
 * to paste into a script or a support ticket. First the listing that finds it, `GET /pets` with its status, which
 * the interface names as the replacement of getPet; then getPet's own address, marked deprecated with its end. Built
 * from the list the admin is looking at: the deprecated getPet is never called. A native modal <dialog> traps
 * focus, closes on Escape and hands focus back to the opener.
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

  const absolute = (path: string) => new URL(`${environment.baseUrl}${path}`, window.location.href).href;
  const listing = pet && absolute(pet.status ? `/pets?status=${pet.status}` : '/pets');
  const address = pet && absolute(`/pets/${pet.id}`);
  const json = pet && JSON.stringify(pet, null, 2);
  return (
    <dialog ref={ref} className="details" aria-labelledby={titleId} onClose={onClose}>
      {pet && listing && address && json && (
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
            <dt>Listing address</dt>
            <dd>
              <ApiAddress address={listing} />
              <CopyButton value={listing} label="listing address" />
              <small className="details-note">
                Lists the animals {pet.status ? `with status ${pet.status}` : 'of the store'}, this one among
                them, in ID order; the next page is in the Link header.
              </small>
            </dd>
            <dt>Address of this animal</dt>
            <dd>
              <ApiAddress address={address} />
              <CopyButton value={address} label="address of this animal" />
              <small className="details-note">Deprecated: answered until {dayInWords(GET_PET_SUNSET)}.</small>
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
