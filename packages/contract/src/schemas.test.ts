import type { ClientInferRequest } from '@ts-rest/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { NewApiKeySchema } from './api-key-schemas.js';
import type { contract } from './contract.js';
import { FIELD_MESSAGES } from './messages.js';
import { ListPetsQuerySchema, NewPetSchema, PetIdPathSchema, PetSchema } from './schemas.js';

const issuesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  result.error?.issues.map((issue) => issue.path.join('.'));

describe('NewPetSchema', () => {
  it('accepts the required fields with and without a status', () => {
    expect(NewPetSchema.parse({ name: 'Rex', categoryId: 1 })).toStrictEqual({ name: 'Rex', categoryId: 1 });
    expect(NewPetSchema.parse({ name: 'Rex', categoryId: 1, status: 'sold' })).toStrictEqual({
      name: 'Rex',
      categoryId: 1,
      status: 'sold',
    });
  });

  it.each([
    ['missing name', { categoryId: 1 }, 'name'],
    ['empty name', { name: '', categoryId: 1 }, 'name'],
    ['blank name', { name: '   ', categoryId: 1 }, 'name'],
    ['name with a NUL', { name: 'Re\u0000x', categoryId: 1 }, 'name'],
    ['name with a newline', { name: 'Re\nx', categoryId: 1 }, 'name'],
    ['name with a lone surrogate', { name: 'Re\ud800x', categoryId: 1 }, 'name'],
    ['name of 256 characters', { name: 'x'.repeat(256), categoryId: 1 }, 'name'],
    ['missing categoryId', { name: 'Rex' }, 'categoryId'],
    ['categoryId as a string', { name: 'Rex', categoryId: '5' }, 'categoryId'],
    ['categoryId zero', { name: 'Rex', categoryId: 0 }, 'categoryId'],
    ['fractional categoryId', { name: 'Rex', categoryId: 1.5 }, 'categoryId'],
    ['categoryId above 2^53-1', { name: 'Rex', categoryId: 2 ** 53 }, 'categoryId'],
    ['unknown status', { name: 'Rex', categoryId: 1, status: 'lost' }, 'status'],
    ['client-sent id', { id: 7, name: 'Rex', categoryId: 1 }, ''],
    ['unknown field', { name: 'Rex', categoryId: 1, colour: 'red' }, ''],
  ])('rejects %s', (_, body, path) => {
    expect(issuesOf(NewPetSchema.safeParse(body))).toStrictEqual([path]);
  });

  it('accepts names in any script, with emoji', () => {
    const body = { name: 'Ünïcødé 🐕 猫', categoryId: 1 };
    expect(NewPetSchema.parse(body)).toStrictEqual(body);
  });

  it('accepts a name of exactly 255 characters and the largest safe categoryId', () => {
    const body = { name: 'x'.repeat(255), categoryId: Number.MAX_SAFE_INTEGER };
    expect(NewPetSchema.parse(body)).toStrictEqual(body);
  });
});

describe('PetSchema', () => {
  it('requires an id', () => {
    expect(issuesOf(PetSchema.safeParse({ name: 'Rex', categoryId: 1 }))).toStrictEqual(['id']);
  });
});

describe('ListPetsQuerySchema', () => {
  // Checked by the typecheck (tsc covers the tests): a typed client passes limit as a number or as its digits.
  it('lets typed clients pass limit as a number or as text', () => {
    type ListQuery = NonNullable<ClientInferRequest<typeof contract.listPets>['query']>;
    expectTypeOf<{ limit: number }>().toExtend<ListQuery>();
    expectTypeOf<{ limit: string }>().toExtend<ListQuery>();
    expect(ListPetsQuerySchema.parse({ limit: 50 })).toStrictEqual({ limit: 50 });
  });

  it('defaults limit to 20 and leaves status unset', () => {
    expect(ListPetsQuerySchema.parse({})).toStrictEqual({ limit: 20 });
  });

  it.each([
    ['1', 1],
    ['100', 100],
  ])('accepts limit=%s', (limit, parsed) => {
    expect(ListPetsQuerySchema.parse({ limit })).toStrictEqual({ limit: parsed });
  });

  it.each(['0', '101', '1.5', 'ten', '', '-1'])('rejects limit=%j', (limit) => {
    expect(issuesOf(ListPetsQuerySchema.safeParse({ limit }))).toStrictEqual(['limit']);
  });

  it('rejects a repeated limit (an array after query parsing)', () => {
    expect(issuesOf(ListPetsQuerySchema.safeParse({ limit: ['1', '2'] }))).toStrictEqual(['limit']);
  });

  it('rejects unknown parameters so that typos do not silently widen a query', () => {
    expect(issuesOf(ListPetsQuerySchema.safeParse({ staus: 'sold' }))).toStrictEqual(['']);
  });
});

describe('PetIdPathSchema', () => {
  it('turns a canonical decimal into a number', () => {
    expect(PetIdPathSchema.parse('42')).toBe(42);
  });

  it.each(['0', '01', '1.0', '-1', '+1', '1e3', 'abc', '', '9007199254740992', '99999999999999999'])(
    'rejects %j',
    (petId) => {
      expect(PetIdPathSchema.safeParse(petId).success).toBe(false);
    },
  );
});

describe("NewApiKeySchema's expiresAt", () => {
  const expiresAt = NewApiKeySchema.shape.expiresAt.unwrap();

  it.each([
    '2027-01-31T12:00:00Z',
    '2027-01-31T12:00:00.123Z',
    '2027-01-31T12:00Z',
    '2027-01-31T12:00:00+05:30',
    '2027-01-31T12:00:00+0530',
    '2028-02-29T23:59:59-23:59',
  ])('takes %s', (instant) => {
    expect(expiresAt.safeParse(instant).success).toBe(true);
  });

  it.each([
    '2027-02-29T12:00:00Z',
    '2027-04-31T12:00:00Z',
    '2027-01-31T24:00:00Z',
    '2027-01-31T12:00:00+24:00',
    '2027-01-31T12:00:00+99:99',
    '2027-01-31T12:00:00+2400',
    '2027-01-31T12:00:00-25:00',
    '2027-01-31T12:00:00+05',
    '2027-01-31',
  ])('refuses %s, a date or an offset no clock shows', (instant) => {
    expect(expiresAt.safeParse(instant).error?.issues.map((issue) => issue.message)).toStrictEqual([
      FIELD_MESSAGES.notDateTime,
    ]);
  });
});
