import {
  API_KEY_NAME_MAX_LENGTH,
  type ApiKey,
  ApiKeyNameSchema,
  FIELD_MESSAGES,
  type UpdateApiKey,
} from '@animal-store/contract';
import { type FormEvent, useId, useState } from 'react';
import { useApi } from '../api/api-client-context';
import { shownFailure } from '../api/api-error';
import { serverFormErrors } from '../api/server-field-errors';
import { keyParams } from '../keys/key-params';
import { keyChangeProblem } from '../keys/key-words';
import { useRefreshKeyList } from '../keys/use-key-list';
import { PolicyFields } from './policy-fields';
import { aboutRange, type PolicyField, type PolicyText, parsePolicy, policyText } from './policy-values';

type ChangeField = 'name' | PolicyField;
const CHANGE_FIELDS: readonly ChangeField[] = ['name', 'rateLimitPerMinute', 'allowedNetworks'];
const isChangeField = (name: string): name is ChangeField =>
  (CHANGE_FIELDS as readonly string[]).includes(name);

interface ChangeFormValues extends PolicyText {
  name: string;
}

const valuesOf = (key: ApiKey): ChangeFormValues => ({ name: key.name, ...policyText(key) });

/**
 * What the form asks the store to change: only the fields the admin edited, so that a field left alone is left as the
 * store has it (an empty network list, which the box cannot show apart from "any", among them).
 */
function changesOf(
  values: ChangeFormValues,
  before: ChangeFormValues,
): { body: UpdateApiKey } | { errors: Partial<Record<ChangeField, string>> } {
  const errors: Partial<Record<ChangeField, string>> = {};
  const name = ApiKeyNameSchema.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message ?? FIELD_MESSAGES.invalid;
  const policy = parsePolicy(values);
  if ('errors' in policy) Object.assign(errors, policy.errors);
  if (!name.success || 'errors' in policy) return { errors };
  const body: UpdateApiKey = {
    ...(values.name !== before.name && { name: name.data }),
    ...(values.rateLimit !== before.rateLimit && { rateLimitPerMinute: policy.policy.rateLimitPerMinute }),
    ...(values.networks !== before.networks && { allowedNetworks: policy.policy.allowedNetworks }),
  };
  return { body };
}

/** A stored key's name, rate limit and networks, changed through `updateApiKey`; the store's messages by each field. */
export function ChangeKeyForm({ apiKey }: { apiKey: ApiKey }) {
  const id = useId();
  const { client } = useApi();
  const refresh = useRefreshKeyList();
  const mutation = client.updateApiKey.useMutation({ onSettled: refresh });
  const [values, setValues] = useState(() => valuesOf(apiKey));
  const [clientErrors, setClientErrors] = useState<Partial<Record<ChangeField, string>>>({});
  const [saved, setSaved] = useState<string>();

  const failure = shownFailure(mutation.error);
  const serverErrors =
    failure &&
    serverFormErrors(failure, isChangeField, keyChangeProblem, (_, index, message) =>
      aboutRange(mutation.variables?.body?.allowedNetworks, index, message),
    );
  const errorOf = (field: ChangeField) => clientErrors[field] ?? serverErrors?.fields[field];
  const edit = (next: ChangeFormValues) => {
    setValues(next);
    setClientErrors({});
    setSaved(undefined);
    if (mutation.isError) mutation.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const checked = changesOf(values, valuesOf(apiKey));
    if ('errors' in checked) {
      setClientErrors(checked.errors);
      const first = CHANGE_FIELDS.find((field) => checked.errors[field] !== undefined);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    if (Object.keys(checked.body).length === 0) {
      setSaved('Nothing to save: no field was changed.');
      return;
    }
    mutation.mutate(
      { ...keyParams(apiKey), body: checked.body },
      {
        onSuccess: ({ body: changed }) => {
          setValues(valuesOf(changed));
          setSaved('Saved. The store applies the change to the next request made with this key.');
        },
      },
    );
  };

  return (
    <form className="change-key-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Name and policy</h3>
      {serverErrors?.general && (
        <div className="form-error" role="alert">
          <p>{serverErrors.general}</p>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          name="name"
          type="text"
          autoComplete="off"
          maxLength={API_KEY_NAME_MAX_LENGTH}
          value={values.name}
          aria-invalid={errorOf('name') !== undefined}
          aria-describedby={errorOf('name') ? `${id}-name-error` : undefined}
          onChange={(event) => edit({ ...values, name: event.target.value })}
        />
        {errorOf('name') && (
          <p className="field-error" id={`${id}-name-error`}>
            {errorOf('name')}
          </p>
        )}
      </div>
      <PolicyFields
        idPrefix={id}
        values={values}
        errorOf={errorOf}
        onChange={(_, next) => edit({ ...values, ...next })}
      />
      <p className="done-message" role="status">
        {saved}
      </p>
      {/* aria-disabled rather than disabled: a disabled button would drop the keyboard focus mid-request. */}
      <button type="submit" aria-disabled={mutation.isPending}>
        {mutation.isPending ? 'Saving…' : 'Save changes'}
      </button>
    </form>
  );
}
