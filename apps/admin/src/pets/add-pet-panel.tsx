import type { Pet } from '@animal-store/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { petListKey, useApi } from '../api/api-client-context';
import { shownFailure } from '../api/api-error';
import { AddPetForm } from './add-pet-form';
import { CreationAttempt } from './creation-attempt';
import { petServerErrors } from './pet-form-values';

/**
 * The add-animal form on `createPet`: on success the new animal is handed to `onAdded` (pinned above the
 * catalogue) and every cached page is refetched, so the animal shows up where it belongs too.
 */
export function AddPetPanel({
  onOpen,
  onAdded,
}: {
  onOpen: (pet: Pet) => void;
  onAdded: (pet: Pet) => void;
}) {
  const { client, environment } = useApi();
  const queryClient = useQueryClient();
  const [attempt] = useState(() => new CreationAttempt());
  const mutation = client.createPet.useMutation({
    onSuccess: ({ body }) => {
      attempt.succeeded();
      onAdded(body);
      return queryClient.invalidateQueries({ queryKey: petListKey(environment) });
    },
  });

  const failure = shownFailure(mutation.error);
  const serverErrors = failure && petServerErrors(failure);
  const added = mutation.data?.body;

  return (
    <>
      <AddPetForm
        pending={mutation.isPending}
        serverErrors={serverErrors}
        onEdit={() => {
          if (mutation.isError) mutation.reset();
        }}
        onSubmit={(pet) =>
          // The key is the attempt's, not the fetcher's own per call: sending the same values again after a
          // failure repeats it, so an add whose answer was lost is not made twice.
          mutation.mutateAsync({ body: pet, headers: { 'idempotency-key': attempt.keyFor(pet) } }).then(
            () => true,
            () => false,
          )
        }
      />
      <div role="status" className="added">
        {added && (
          <p>
            Added <strong>{added.name}</strong> with ID {added.id}.{' '}
            <button
              type="button"
              className="link-button"
              aria-haspopup="dialog"
              onClick={() => onOpen(added)}
            >
              View details
            </button>
          </p>
        )}
      </div>
    </>
  );
}
