import type { ApiKey } from '@animal-store/contract';
import { useRef } from 'react';
import { useApi } from '../api/api-client-context';
import { shownFailure } from '../api/api-error';
import { ConfirmDialog, type ConfirmDialogHandle } from '../controls/confirm-dialog';
import { keyParams } from './key-params';
import { keyLabel, keyProblem } from './key-words';
import { useRefreshKeyList } from './use-key-list';

interface RevokeDialogProps {
  apiKey: ApiKey;
  /** The app is signed in with this key: revoking it signs the admin out. */
  signedInWithIt: boolean;
  onRevoked: (key: ApiKey) => void;
  onClose: () => void;
}

/** "Revoke the key …?" naming the key, then `revokeApiKey`; a refusal is told inside the dialog. */
export function RevokeDialog({ apiKey, signedInWithIt, onRevoked, onClose }: RevokeDialogProps) {
  const { client } = useApi();
  const refresh = useRefreshKeyList();
  const dialog = useRef<ConfirmDialogHandle>(null);
  const mutation = client.revokeApiKey.useMutation({ onSettled: refresh });
  const failure = shownFailure(mutation.error);

  const revoke = () =>
    mutation.mutate(keyParams(apiKey), {
      onSuccess: () => {
        dialog.current?.close();
        onRevoked(apiKey);
      },
    });
  return (
    <ConfirmDialog
      ref={dialog}
      title={`Revoke the key ${keyLabel(apiKey)}?`}
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      pending={mutation.isPending}
      error={failure && keyProblem(failure, 'revoke the key')}
      onConfirm={revoke}
      onClose={onClose}
    >
      <p>Programs that use this key will be refused from now on. A revoked key cannot be used again.</p>
      {signedInWithIt && (
        <p>
          <strong>This app is signed in with this key:</strong> you will be signed out.
        </p>
      )}
    </ConfirmDialog>
  );
}
