import {
  type ApiKey,
  type CreatedApiKey,
  DEFAULT_ROTATION_OVERLAP_HOURS,
  FIELD_MESSAGES,
  MAX_ROTATION_OVERLAP_HOURS,
  RotateApiKeySchema,
} from '@animal-store/contract';
import { useId, useRef, useState } from 'react';
import { useApi } from '../api/api-client-context';
import { shownFailure } from '../api/api-error';
import { ConfirmDialog, type ConfirmDialogHandle } from '../controls/confirm-dialog';
import { keyParams } from './key-params';
import { keyLabel, keyWriteProblem } from './key-words';
import { useRefreshKeyList } from './use-key-list';

interface RotateDialogProps {
  apiKey: ApiKey;
  /** The successor, secret included, and how long the old key keeps working beside it. */
  onRotated: (successor: CreatedApiKey, overlapHours: number) => void;
  onClose: () => void;
}

/** Hours as typed, checked by the contract's rule (its one message); digits only, so "1e3" or "2.5" are refused. */
function parseHours(typed: string): { hours: number } | { error: string } {
  const hours = /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN;
  const checked = RotateApiKeySchema.shape.overlapHours.unwrap().safeParse(hours);
  return checked.success ? { hours: checked.data } : { error: FIELD_MESSAGES.notOverlapHours };
}

/** "Rotate the key …?" naming the key, with the overlap in hours, then `rotateApiKey`. */
export function RotateDialog({ apiKey, onRotated, onClose }: RotateDialogProps) {
  const id = useId();
  const { client } = useApi();
  const refresh = useRefreshKeyList();
  const dialog = useRef<ConfirmDialogHandle>(null);
  const [typed, setTyped] = useState(String(DEFAULT_ROTATION_OVERLAP_HOURS));
  const [hoursError, setHoursError] = useState<string>();
  const mutation = client.rotateApiKey.useMutation({ onSettled: refresh });
  const failure = shownFailure(mutation.error);

  const rotate = () => {
    const parsed = parseHours(typed);
    if ('error' in parsed) {
      setHoursError(parsed.error);
      document.getElementById(`${id}-hours`)?.focus();
      return;
    }
    mutation.mutate(
      { ...keyParams(apiKey), body: { overlapHours: parsed.hours } },
      {
        onSuccess: (successor) => {
          dialog.current?.close();
          onRotated(successor.body, parsed.hours);
        },
      },
    );
  };
  return (
    <ConfirmDialog
      ref={dialog}
      title={`Rotate the key ${keyLabel(apiKey)}?`}
      confirmLabel="Rotate key"
      pendingLabel="Rotating…"
      pending={mutation.isPending}
      error={failure && keyWriteProblem(failure, 'rotate the key')}
      onConfirm={rotate}
      onClose={onClose}
    >
      <p>
        A new key with the same name and scopes is made and shown once. The old key keeps working beside it
        for the hours below, so that the programs using it can switch.
      </p>
      <div className="field">
        <label htmlFor={`${id}-hours`}>Hours the old key keeps working</label>
        <input
          id={`${id}-hours`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          aria-invalid={hoursError !== undefined}
          aria-describedby={`${id}-hours-hint${hoursError ? ` ${id}-hours-error` : ''}`}
          onChange={(event) => {
            setTyped(event.target.value);
            setHoursError(undefined);
            if (mutation.isError) mutation.reset();
          }}
        />
        <p className="field-hint" id={`${id}-hours-hint`}>
          0 ends the old key now; at most {MAX_ROTATION_OVERLAP_HOURS}.
        </p>
        {hoursError && (
          <p className="field-error" id={`${id}-hours-error`}>
            {hoursError}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
