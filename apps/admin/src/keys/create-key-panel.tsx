import type { CreatedApiKey } from '@animal-store/contract';
import { useId } from 'react';
import { useApi } from '../api/api-client-context';
import { shownFailure } from '../api/api-error';
import { serverFormErrors } from '../api/server-field-errors';
import { aboutRange } from '../policy/policy-values';
import { CreateKeyForm } from './create-key-form';
import { isKeyField } from './key-form-values';
import { keyWriteProblem } from './key-words';
import { useRefreshKeyList } from './use-key-list';

/** The create-key form on `createApiKey`: the new key, secret included, goes to `onCreated` and nowhere else. */
export function CreateKeyPanel({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const id = useId();
  const { client } = useApi();
  const refresh = useRefreshKeyList();
  const mutation = client.createApiKey.useMutation({ onSettled: refresh });

  const failure = shownFailure(mutation.error);
  const serverErrors =
    failure &&
    serverFormErrors(
      failure,
      isKeyField,
      (unplaced) => keyWriteProblem(unplaced, 'create the key'),
      (_, index, message) => aboutRange(mutation.variables?.body.allowedNetworks, index, message),
    );

  return (
    <section className="panel create-key" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Create a key</h2>
      <CreateKeyForm
        pending={mutation.isPending}
        serverErrors={serverErrors}
        onEdit={() => {
          if (mutation.isError) mutation.reset();
        }}
        onSubmit={(key) =>
          mutation.mutateAsync({ body: key }).then(
            (created) => {
              onCreated(created.body);
              // The secret is the secret panel's to show once; the mutation cache need not keep a copy.
              mutation.reset();
              return true;
            },
            () => false,
          )
        }
      />
    </section>
  );
}
