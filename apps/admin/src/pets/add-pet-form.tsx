import { type NewPet, PET_NAME_MAX_LENGTH, PET_STATUSES } from '@animal-store/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { ServerFormErrors } from '../api/server-field-errors';
import {
  EMPTY_PET_FORM,
  type FieldErrors,
  isPetStatus,
  PET_FIELDS,
  type PetField,
  type PetFormValues,
  validatePetForm,
} from './pet-form-values';

interface AddPetFormProps {
  /** Sends the animal; resolves true when the store added it. */
  onSubmit: (pet: NewPet) => Promise<boolean>;
  pending: boolean;
  /** Why the store did not add the animal, already split by field. */
  serverErrors: ServerFormErrors<PetField> | undefined;
  /** The admin changed something, so the store's last objections no longer describe the form. */
  onEdit: () => void;
}

export function AddPetForm({ onSubmit, pending, serverErrors, onEdit }: AddPetFormProps) {
  const id = useId();
  const [values, setValues] = useState<PetFormValues>(EMPTY_PET_FORM);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  // Set synchronously, so a double click or a second Enter cannot send the animal twice before React re-renders.
  const submitting = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const errorOf = (field: PetField) => clientErrors[field] ?? serverErrors?.fields[field];
  const fieldProps = (field: PetField) => ({
    id: `${id}-${field}`,
    name: field,
    'aria-invalid': errorOf(field) !== undefined,
    'aria-describedby': errorOf(field) ? `${id}-${field}-error` : undefined,
  });
  // Each field is checked as it is typed, by the contract's schema; an empty field only when the form is sent.
  const change = (field: PetField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    const checked = value.trim() === '' ? undefined : validatePetForm(next);
    const error = checked && 'errors' in checked ? checked.errors[field] : undefined;
    setClientErrors(({ [field]: _, ...rest }) => (error ? { ...rest, [field]: error } : rest));
    onEdit();
  };
  const fieldError = (field: PetField) =>
    errorOf(field) && (
      <p className="field-error" id={`${id}-${field}-error`}>
        {errorOf(field)}
      </p>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current || pending) return;
    const checked = validatePetForm(values);
    if ('errors' in checked) {
      setClientErrors(checked.errors);
      // Take the keyboard to the first field to fix (fields are listed in form order).
      const first = PET_FIELDS.find((field) => checked.errors[field] !== undefined);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    submitting.current = true;
    try {
      if (await onSubmit(checked.pet)) {
        setValues(EMPTY_PET_FORM);
        formRef.current?.querySelector<HTMLElement>('input')?.focus();
      }
    } finally {
      submitting.current = false;
    }
  };

  return (
    <form ref={formRef} className="add-pet" onSubmit={submit} noValidate aria-describedby={`${id}-general`}>
      <div id={`${id}-general`}>
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
          {...fieldProps('name')}
          type="text"
          autoComplete="off"
          maxLength={PET_NAME_MAX_LENGTH}
          value={values.name}
          onChange={(event) => change('name', event.target.value)}
        />
        {fieldError('name')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-categoryId`}>Category ID</label>
        <input
          {...fieldProps('categoryId')}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={values.categoryId}
          onChange={(event) => change('categoryId', event.target.value)}
        />
        {fieldError('categoryId')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          {...fieldProps('status')}
          value={values.status}
          onChange={(event) => change('status', isPetStatus(event.target.value) ? event.target.value : '')}
        >
          <option value="">Not set</option>
          {PET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
        {fieldError('status')}
      </div>
      {/* aria-disabled rather than disabled: a disabled button would drop the keyboard focus mid-submit. */}
      <button type="submit" aria-disabled={pending}>
        {pending ? 'Adding…' : 'Add animal'}
      </button>
    </form>
  );
}
