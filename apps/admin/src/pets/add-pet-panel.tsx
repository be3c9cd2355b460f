import type { NewPet, Pet } from '@animal-store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { petListKey, useApi } from '../api/api-client-context';
import { shownFailure } from '../api/api-error';
import { AddPetForm } from './add-pet-form';
import { CreationAttempt } from './creation-attempt';
import { petServerErrors } from './pet-form-values';

/** The add-animal form on `pets.create`: on success every cached page is refetched, so the animal shows up. */
export function AddPetPanel({ onOpen }: { onOpen: (pet: Pet) => void }) {
  const { client, environment } = useApi();
  const queryClient = useQueryClient();
  const [attempt] = useState(() => new CreationAttempt());
  const mutation = useMutation({
    // The key is the attempt's, not the client's own per call: sending the same values again after a failure
    // repeats it, so an add whose answer was lost is not made twice.
    mutationFn: ({ pet, idempotencyKey }: { pet: NewPet; idempotencyKey: string }) =>
      client.pets.create(pet, { idempotencyKey }),
    onSuccess: () => {
      attempt.succeeded();
      return queryClient.invalidateQueries({ queryKey: petListKey(environment) });
    },
  });

  const failure = shownFailure(mutation.error);
  const serverErrors = failure && petServerErrors(failure);
  const added = mutation.data;

  return (
    <>
      <AddPetForm
        pending={mutation.isPending}
        serverErrors={serverErrors}
        onEdit={() => {
          if (mutation.isError) mutation.reset();
        }}
        onSubmit={(pet) =>
          mutation.mutateAsync({ pet, idempotencyKey: attempt.keyFor(pet) }).then(
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
