import type { CallFailure } from '../api/api-error';
import { failureWords } from '../api/failure-words';
import { type FieldErrors, isPetField } from './pet-form-values';

/** Why the store did not add the animal: messages for the fields it names, one sentence for the rest. */
export interface ServerFormErrors {
  fields: FieldErrors;
  general: string | undefined;
  /** Sending the same animal again may work (the store was busy or unreachable); what was typed is kept. */
  retryable: boolean;
}

/**
 * A 400 names each offending field as "body field 'name': must not be empty or blank", several joined with "; "
 * (see the server's request validation): those messages are the contract's own and go on their field. Anything
 * else gets one plain sentence above the form.
 */
export function serverFormErrors(failure: CallFailure): ServerFormErrors {
  const fields: FieldErrors = {};
  let unplaced = false;
  if (failure.kind === 'refused' && failure.body.code === 'validation_failed') {
    for (const part of failure.body.message.split('; ')) {
      const match = /^body field '([^']+)': (.+)$/s.exec(part);
      const field = match?.[1];
      if (match?.[2] && field && isPetField(field)) fields[field] ??= match[2];
      else unplaced = true;
    }
  }
  const placedAll = failure.kind === 'refused' && Object.keys(fields).length > 0 && !unplaced;
  return {
    fields,
    general: placedAll ? undefined : failureWords(failure, 'add the animal'),
    retryable: failure.kind === 'busy' || failure.kind === 'unreachable',
  };
}
