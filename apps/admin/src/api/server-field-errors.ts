import type { CallFailure } from './api-error';

/** Why the store did not accept a form: messages for the fields it names, one sentence for the rest. */
export interface ServerFormErrors<Field extends string> {
  fields: Partial<Record<Field, string>>;
  general: string | undefined;
  /** Sending the same values again may work (the store was busy or unreachable); what was typed is kept. */
  retryable: boolean;
}

/**
 * A 400 names each offending field as "body field 'name': must not be empty or blank", several joined with "; "
 * (see the server's request validation): those messages are the contract's own and go on their field when the
 * form has it. A message about one item of a list ("body field 'allowedNetworks.2': …") goes on the list's field
 * when `onItem` says how to name the item. Anything else gets one plain sentence above the form, in the words
 * `general` chooses.
 */
export function serverFormErrors<Field extends string>(
  failure: CallFailure,
  isField: (name: string) => name is Field,
  general: (failure: CallFailure) => string,
  onItem?: (field: Field, index: number, message: string) => string,
): ServerFormErrors<Field> {
  const fields: Partial<Record<Field, string>> = {};
  let unplaced = false;
  if (failure.kind === 'refused' && failure.body.code === 'validation_failed') {
    for (const part of failure.body.message.split('; ')) {
      const match = /^body field '([^'.]+)(?:\.(\d+))?': (.+)$/s.exec(part);
      const [, field, index, message] = match ?? [];
      if (!field || !message || !isField(field) || (index !== undefined && !onItem)) unplaced = true;
      else fields[field] ??= index === undefined || !onItem ? message : onItem(field, Number(index), message);
    }
  }
  const placedAll = failure.kind === 'refused' && Object.keys(fields).length > 0 && !unplaced;
  return {
    fields,
    general: placedAll ? undefined : general(failure),
    retryable: failure.kind === 'busy' || failure.kind === 'unreachable',
  };
}
