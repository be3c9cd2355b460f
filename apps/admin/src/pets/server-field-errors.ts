import { type FieldErrors, isPetField } from './pet-form-values';

/** A 400 from createPet, split into messages for the fields it names and the rest for the top of the form. */
export interface ServerFormErrors {
  fields: FieldErrors;
  general: string[];
}

/**
 * The store names each offending field as "body field 'name': must not be empty or blank" and joins several with
 * "; " (see the server's request validation); anything else is shown above the form, word for word.
 */
export function serverFormErrors(message: string): ServerFormErrors {
  const fields: FieldErrors = {};
  const general: string[] = [];
  for (const part of message.split('; ')) {
    const match = /^body field '([^']+)': (.+)$/s.exec(part);
    const field = match?.[1];
    if (match?.[2] && field && isPetField(field) && fields[field] === undefined) fields[field] = match[2];
    else general.push(part);
  }
  return { fields, general };
}
