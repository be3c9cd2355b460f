import { type NewPet, NewPetSchema, PET_STATUSES, type PetStatus } from '@animal-store/contract';
import type { CallFailure } from '../api/api-error';
import { failureWords } from '../api/failure-words';
import { type ServerFormErrors, serverFormErrors } from '../api/server-field-errors';

/** What the add-animal form holds: text as typed, so nothing is lost or coerced before validation. */
export interface PetFormValues {
  name: string;
  categoryId: string;
  status: PetStatus | '';
}

export type PetField = keyof PetFormValues;

export type FieldErrors = Partial<Record<PetField, string>>;

export const EMPTY_PET_FORM: PetFormValues = { name: '', categoryId: '', status: '' };

/** The form's fields in the order they are shown. */
export const PET_FIELDS = Object.keys(EMPTY_PET_FORM) as readonly PetField[];

export function isPetField(name: string): name is PetField {
  return (PET_FIELDS as readonly string[]).includes(name);
}

export function isPetStatus(value: string): value is PetStatus {
  return (PET_STATUSES as readonly string[]).includes(value);
}

/**
 * The form's values checked by the contract's own NewPetSchema, so the browser applies exactly the store's rules
 * with exactly its messages. Only the input is translated: an empty box means "not given", digits become a number.
 */
export function validatePetForm(values: PetFormValues): { pet: NewPet } | { errors: FieldErrors } {
  const candidate = {
    name: values.name,
    categoryId: values.categoryId.trim() === '' ? undefined : Number(values.categoryId),
    ...(values.status !== '' && { status: values.status }),
  };
  const result = NewPetSchema.safeParse(candidate);
  if (result.success) return { pet: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!isPetField(field)) continue;
    // An empty box gets the form's own words: the contract's message for an absent field is written for the API.
    const missing = issue.code === 'invalid_type' && candidate[field] === undefined;
    errors[field] ??= missing ? 'must be filled in' : issue.message;
  }
  return { errors };
}

/** Why the store did not add the animal, split onto the form's fields. */
export function petServerErrors(failure: CallFailure): ServerFormErrors<PetField> {
  return serverFormErrors(failure, isPetField, (unplaced) => failureWords(unplaced, 'add the animal'));
}
