import {
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_SCOPES,
  type NewApiKey,
  SCOPE_DESCRIPTIONS,
} from '@animal-store/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { ServerFormErrors } from '../api/server-field-errors';
import { PolicyFields } from '../policy/policy-fields';
import {
  EMPTY_KEY_FORM,
  KEY_FIELDS,
  type KeyField,
  type KeyFieldErrors,
  type KeyFormValues,
  toggleScope,
  validateKeyForm,
} from './key-form-values';

interface CreateKeyFormProps {
  /** Sends the key; resolves true when the store made it. */
  onSubmit: (key: NewApiKey) => Promise<boolean>;
  pending: boolean;
  /** Why the store did not make the key, already split by field. */
  serverErrors: ServerFormErrors<KeyField> | undefined;
  /** The admin changed something, so the store's last objections no longer describe the form. */
  onEdit: () => void;
}

/**
 * Name, scopes, an optional expiry and an optional policy (rate limit, networks), each checked as it changes by the
 * contract's rules and messages.
 */
export function CreateKeyForm({ onSubmit, pending, serverErrors, onEdit }: CreateKeyFormProps) {
  const id = useId();
  const [values, setValues] = useState<KeyFormValues>(EMPTY_KEY_FORM);
  const [clientErrors, setClientErrors] = useState<KeyFieldErrors>({});
  // Set synchronously, so a double click cannot make two keys before React re-renders.
  const submitting = useRef(false);

  const errorOf = (field: KeyField) => clientErrors[field] ?? serverErrors?.fields[field];
  const errorId = (field: KeyField) => (errorOf(field) ? `${id}-${field}-error` : undefined);
  // The element that takes the keyboard to a field: the scopes' first box.
  const focusTarget = (field: KeyField) => (field === 'scopes' ? `${id}-scope-0` : `${id}-${field}`);
  const fieldError = (field: KeyField) =>
    errorOf(field) && (
      <p className="field-error" id={`${id}-${field}-error`}>
        {errorOf(field)}
      </p>
    );
  const change = (field: KeyField, next: KeyFormValues) => {
    setValues(next);
    // A name not typed yet or a date still being typed is not an error yet; "Create key" says so if it stays.
    const quiet =
      field === 'name' ? next.name.trim() === '' : field === 'expiresAt' && next.expiresAtIncomplete;
    const checked = validateKeyForm(next);
    const error = !quiet && 'errors' in checked ? checked.errors[field] : undefined;
    setClientErrors(({ [field]: _, ...rest }) => (error ? { ...rest, [field]: error } : rest));
    onEdit();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current || pending) return;
    const checked = validateKeyForm(values);
    if ('errors' in checked) {
      setClientErrors(checked.errors);
      const first = KEY_FIELDS.find((field) => checked.errors[field] !== undefined);
      if (first) document.getElementById(focusTarget(first))?.focus();
      return;
    }
    submitting.current = true;
    try {
      if (await onSubmit(checked.key)) setValues(EMPTY_KEY_FORM);
    } finally {
      submitting.current = false;
    }
  };

  return (
    <form className="create-key-form" onSubmit={submit} noValidate aria-describedby={`${id}-general`}>
      <div id={`${id}-general`} className="form-wide">
        {serverErrors?.general && (
          <div className="form-error" role="alert">
            <p>{serverErrors.general}</p>
            {serverErrors.retryable && (
              <button type="submit" className="secondary">
                Try again
              </button>
            )}
          </div>
        )}
      </div>
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
          aria-describedby={errorId('name')}
          onChange={(event) => change('name', { ...values, name: event.target.value })}
        />
        {fieldError('name')}
      </div>
      <fieldset className="field scope-choice" aria-describedby={errorId('scopes')}>
        <legend>Scopes</legend>
        {API_KEY_SCOPES.map((scope, index) => (
          <div className="check" key={scope}>
            <input
              id={`${id}-scope-${index}`}
              type="checkbox"
              name="scopes"
              value={scope}
              checked={values.scopes.includes(scope)}
              aria-describedby={`${id}-scope-${index}-what`}
              onChange={(event) =>
                change('scopes', {
                  ...values,
                  scopes: toggleScope(values.scopes, scope, event.target.checked),
                })
              }
            />
            <label htmlFor={`${id}-scope-${index}`}>{scope}</label>
            <span className="check-hint" id={`${id}-scope-${index}-what`}>
              {SCOPE_DESCRIPTIONS[scope]}
            </span>
          </div>
        ))}
        {fieldError('scopes')}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-expiresAt`}>Expires (optional)</label>
        <input
          id={`${id}-expiresAt`}
          name="expiresAt"
          type="datetime-local"
          value={values.expiresAt}
          aria-invalid={errorOf('expiresAt') !== undefined}
          aria-describedby={[`${id}-expiresAt-hint`, errorId('expiresAt')].filter(Boolean).join(' ')}
          onChange={(event) =>
            change('expiresAt', {
              ...values,
              expiresAt: event.target.value,
              expiresAtIncomplete: event.target.validity.badInput,
            })
          }
        />
        <p className="field-hint" id={`${id}-expiresAt-hint`}>
          In your time zone. Leave it empty for a key that does not expire.
        </p>
        {fieldError('expiresAt')}
      </div>
      <PolicyFields
        idPrefix={id}
        values={values}
        errorOf={errorOf}
        onChange={(field, next) => change(field, { ...values, ...next })}
      />
      <div className="form-wide">
        {/* aria-disabled rather than disabled: a disabled button would drop the keyboard focus mid-submit. */}
        <button type="submit" aria-disabled={pending}>
          {pending ? 'Creating…' : 'Create key'}
        </button>
      </div>
    </form>
  );
}
