import type { ApiKey } from '@animal-store/contract';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../api/api-client-context';
import { describeFailure } from '../api/api-error';
import { ErrorState } from '../controls/error-state';
import { CreateKeyPanel } from './create-key-panel';
import { formatInstant } from './instant';
import { KeyDetailsDialog } from './key-details-dialog';
import { KeyTable } from './key-table';
import { keyLabel, keyProblem } from './key-words';
import { RevokeDialog } from './revoke-dialog';
import { RotateDialog } from './rotate-dialog';
import { forgetSecret, SecretPanel, type ShownSecret } from './secret-panel';
import { useKeyList } from './use-key-list';

type Confirming = { action: 'revoke' | 'rotate' | 'details'; key: ApiKey };

/**
 * The Keys screen, for a key with keys:manage: the secret of a key just made (once), the create form, every key
 * of the store with its policy and last week's usage, a key's details, and the revoke and rotate confirmations.
 */
export function KeysPage({
  signedInKeyId,
  onShowHistory,
}: {
  signedInKeyId: ApiKey['id'];
  /** Opens the History screen narrowed to this key. */
  onShowHistory: (key: ApiKey) => void;
}) {
  const { environment } = useApi();
  const list = useKeyList();
  const [secret, setSecret] = useState<ShownSecret>();
  const [confirming, setConfirming] = useState<Confirming>();
  const [done, setDone] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const doneMessage = useRef<HTMLParagraphElement>(null);
  // A revoked key's buttons vanish with the dialog that confirmed it: the focus goes to what was done instead.
  useEffect(() => {
    if (done) doneMessage.current?.focus();
  }, [done]);

  const close = () => {
    setConfirming(undefined);
    // The browser hands the focus back to the button that opened the dialog; a key revoked meanwhile (by this
    // admin or another) has lost that button, so the focus goes to the list instead of the page's start.
    if (document.activeElement === document.body) heading.current?.focus();
  };
  return (
    <main id="main" className="keys-page">
      {secret && (
        <SecretPanel
          key={String(secret.key.id)}
          secret={secret}
          onDone={() => {
            forgetSecret(secret);
            setSecret(undefined);
            heading.current?.focus();
          }}
        />
      )}
      <CreateKeyPanel
        onCreated={(key) => {
          setDone(undefined);
          setSecret({
            key,
            note: key.expiresAt
              ? `It works until ${formatInstant(key.expiresAt)}.`
              : 'It works until it is revoked.',
          });
        }}
      />
      <section className="panel keys" aria-labelledby="keys-heading">
        <h2 id="keys-heading" ref={heading} tabIndex={-1}>
          API keys
        </h2>
        <p className="done-message" role="status" ref={doneMessage} tabIndex={-1}>
          {done}
        </p>
        {list.data ? (
          <KeyTable
            keys={list.data}
            caption={`API keys of ${environment.name}, newest first`}
            signedInKeyId={signedInKeyId}
            busy={list.isFetching}
            onRevoke={(key) => setConfirming({ action: 'revoke', key })}
            onRotate={(key) => setConfirming({ action: 'rotate', key })}
            onShowHistory={onShowHistory}
            onShowDetails={(key) => setConfirming({ action: 'details', key })}
          />
        ) : list.isError ? (
          <ErrorState
            title="The keys could not be loaded"
            message={keyProblem(describeFailure(list.error), 'load the keys')}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : (
          <p role="status">Loading the keys…</p>
        )}
      </section>
      {confirming?.action === 'details' && (
        <KeyDetailsDialog
          // The list as the store has it now: a change saved in the dialog shows there as soon as it is read again.
          apiKey={list.data?.find((key) => key.id === confirming.key.id) ?? confirming.key}
          onClose={close}
        />
      )}
      {confirming?.action === 'revoke' && (
        <RevokeDialog
          apiKey={confirming.key}
          signedInWithIt={confirming.key.id === signedInKeyId}
          onRevoked={(key) => setDone(`The key ${keyLabel(key)} is revoked.`)}
          onClose={close}
        />
      )}
      {confirming?.action === 'rotate' && (
        <RotateDialog
          apiKey={confirming.key}
          onRotated={(successor, hours) => {
            setDone(undefined);
            setSecret({
              key: successor,
              note:
                hours === 0
                  ? 'The old key has stopped working.'
                  : `The old key keeps working for ${hours} more hour${hours === 1 ? '' : 's'} (see Expires below), so that its programs can switch to this one.`,
            });
          }}
          onClose={close}
        />
      )}
    </main>
  );
}
