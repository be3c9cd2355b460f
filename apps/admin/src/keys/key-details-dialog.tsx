import type { ApiKey } from '@animal-store/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { ChangeKeyForm } from '../policy/change-key-form';
import { limitInWords, networksInWords } from '../policy/policy-words';
import { UsageChart } from '../usage/usage-chart';
import { keyLabel } from './key-words';

/**
 * One key's details, in a native modal <dialog> over the list (focus trap, Escape, focus back to the opener): its
 * requests on a chart, and for an active stored key the form that changes its name and policy. A key of the server's
 * settings (API_KEYS) is changed there, and the store counts no usage for it.
 */
export function KeyDetailsDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Decided when the dialog opens: a key revoked meanwhile keeps its form, which says why the store refused the change,
  // rather than losing it, and the focus in it, when the list read again shows the key revoked.
  const [changeable] = useState(apiKey.state === 'active');
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="details key-details" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{keyLabel(apiKey)}</h2>
      <dl className="details-list">
        <dt>Rate limit</dt>
        <dd>{limitInWords(apiKey)}</dd>
        <dt>Networks</dt>
        <dd>
          {apiKey.allowedNetworks?.length ? apiKey.allowedNetworks.join(', ') : networksInWords(apiKey)}
        </dd>
      </dl>
      {apiKey.configured ? (
        <p>
          This key is set by the server's API_KEYS setting: it is changed there, and the store counts no usage
          for it.
        </p>
      ) : (
        <>
          <UsageChart apiKey={apiKey} />
          {changeable ? (
            <ChangeKeyForm apiKey={apiKey} />
          ) : (
            <p>This key is {apiKey.state}: it can no longer be changed.</p>
          )}
        </>
      )}
      <form method="dialog" className="details-close">
        <button type="submit" className="secondary">
          Close
        </button>
      </form>
    </dialog>
  );
}
