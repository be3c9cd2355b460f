import { describe, expect, it } from 'vitest';
import { serverFormErrors } from './server-field-errors';

describe('serverFormErrors', () => {
  it('puts each named form field message on its field', () => {
    expect(
      serverFormErrors("body field 'name': must not be empty or blank; body field 'categoryId': is required"),
    ).toStrictEqual({
      fields: { name: 'must not be empty or blank', categoryId: 'is required' },
      general: [],
    });
  });

  it('keeps messages about no form field, or in another format, for the top of the form', () => {
    expect(
      serverFormErrors(
        "body field 'colour': is not a known field; The request body is required and must be a JSON object.",
      ),
    ).toStrictEqual({
      fields: {},
      general: [
        "body field 'colour': is not a known field",
        'The request body is required and must be a JSON object.',
      ],
    });
  });

  it('keeps the first message when a field is named twice', () => {
    expect(serverFormErrors("body field 'status': first; body field 'status': second")).toStrictEqual({
      fields: { status: 'first' },
      general: ["body field 'status': second"],
    });
  });
});
