import { describe, expect, it } from 'vitest';
import type { CallFailure } from './api-error';
import { failureWords } from './failure-words';
import { serverFormErrors as split } from './server-field-errors';

/** A form of two fields, as the add-animal form's first two. */
const isField = (name: string): name is 'name' | 'categoryId' => name === 'name' || name === 'categoryId';
const serverFormErrors = (failure: CallFailure) =>
  split(failure, isField, (unplaced) => failureWords(unplaced, 'add the animal'));

const refused = (message: string) =>
  ({ kind: 'refused', body: { code: 'validation_failed', message, status: 400 } }) as const;

describe('serverFormErrors', () => {
  it('puts each message on the field it names, and nothing above the form', () => {
    expect(
      serverFormErrors(
        refused(
          "body field 'name': must not be empty or blank; body field 'categoryId': must be a whole number",
        ),
      ),
    ).toStrictEqual({
      fields: { name: 'must not be empty or blank', categoryId: 'must be a whole number' },
      general: undefined,
      retryable: false,
    });
  });

  it('says in one sentence what names no field of the form', () => {
    expect(
      serverFormErrors(refused("body field 'id': is assigned by the store and must not be sent")),
    ).toStrictEqual({
      fields: {},
      general: 'The store refused to add the animal. Please check what you entered and try again.',
      retryable: false,
    });
  });

  it('offers to try again when the store was unreachable', () => {
    expect(serverFormErrors({ kind: 'unreachable' })).toStrictEqual({
      fields: {},
      general:
        'The store could not be reached, so this app could not add the animal. Check the connection and try again.',
      retryable: true,
    });
  });

  it("puts a message about one item of a list on the list's field, named as the form names the item", () => {
    const isList = (name: string): name is 'allowedNetworks' => name === 'allowedNetworks';
    const failure = refused("body field 'allowedNetworks.1': must have no address bits set");
    const general = () => 'refused';
    expect(
      split(failure, isList, general, (_, index, message) => `line ${index + 1}: ${message}`),
    ).toStrictEqual({
      fields: { allowedNetworks: 'line 2: must have no address bits set' },
      general: undefined,
      retryable: false,
    });
    // A form that cannot name the item says it in one sentence instead.
    expect(split(failure, isList, general).general).toBe('refused');
  });
});
