import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from './contract.js';
import { BODY_NOT_OBJECT_MESSAGE, isStoreMessage, FIELD_MESSAGES as M } from './messages.js';
import { IdempotencyKeySchema, ListPetsQuerySchema, NewPetSchema, PetIdPathSchema } from './schemas.js';

/** Each issue of a failed parse as `field: message`, in Zod's order. */
function issuesOf(schema: z.ZodTypeAny, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the messages of the body of createPet', () => {
  it.each([
    ['no body', undefined, [`: ${BODY_NOT_OBJECT_MESSAGE}`]],
    ['null', null, [`: ${BODY_NOT_OBJECT_MESSAGE}`]],
    ['an array', [], [`: ${BODY_NOT_OBJECT_MESSAGE}`]],
    ['a string', 'Rex', [`: ${BODY_NOT_OBJECT_MESSAGE}`]],
    ['no fields', {}, [`name: ${M.required}`, `categoryId: ${M.required}`]],
    ['a number as name', { name: 5, categoryId: 1 }, [`name: ${M.notString}`]],
    ['a blank name', { name: ' ', categoryId: 1 }, [`name: ${M.nameBlank}`]],
    ['a long name', { name: 'x'.repeat(256), categoryId: 1 }, [`name: ${M.nameTooLong}`]],
    ['a name with a NUL', { name: 'a\u0000', categoryId: 1 }, [`name: ${M.nameControlCharacters}`]],
    ['categoryId as text', { name: 'Rex', categoryId: '1' }, [`categoryId: ${M.notWholeNumber}`]],
    ['categoryId null', { name: 'Rex', categoryId: null }, [`categoryId: ${M.notWholeNumber}`]],
    ['a fractional categoryId', { name: 'Rex', categoryId: 1.5 }, [`categoryId: ${M.notWholeNumber}`]],
    ['categoryId 0', { name: 'Rex', categoryId: 0 }, [`categoryId: ${M.notPositive}`]],
    ['categoryId 2^53', { name: 'Rex', categoryId: 2 ** 53 }, [`categoryId: ${M.aboveMaxId}`]],
    ['an unknown status', { name: 'Rex', categoryId: 1, status: 'lost' }, [`status: ${M.notStatus}`]],
    ['a status of another type', { name: 'Rex', categoryId: 1, status: 1 }, [`status: ${M.notStatus}`]],
    ['an unknown field', { name: 'Rex', categoryId: 1, colour: 'red' }, [`: ${M.unknownField}`]],
  ])('%s', (_, body, messages) => {
    expect(issuesOf(NewPetSchema, body)).toStrictEqual(messages);
  });
});

describe('the messages of the query of listPets', () => {
  it.each([
    ['', M.empty],
    ['1e1', M.notDecimalDigits],
    ['0x10', M.notDecimalDigits],
    ['0b11', M.notDecimalDigits],
    [' 5', M.notDecimalDigits],
    ['5 ', M.notDecimalDigits],
    ['+5', M.notDecimalDigits],
    ['-1', M.notDecimalDigits],
    ['5.0', M.notDecimalDigits],
    ['ten', M.notDecimalDigits],
    ['05', M.leadingZero],
    ['00', M.leadingZero],
    ['0', M.belowMinLimit],
    ['101', M.aboveMaxLimit],
    ['1'.repeat(400), M.aboveMaxLimit],
    [['1', '2'], M.repeated],
    [0, M.belowMinLimit],
    [2.5, M.notDecimalDigits],
  ])('limit=%j', (limit, message) => {
    expect(issuesOf(ListPetsQuerySchema, { limit })).toStrictEqual([`limit: ${message}`]);
  });

  it.each([
    ['1', 1],
    ['20', 20],
    ['100', 100],
    [50, 50],
  ])('limit=%j is read as %d', (limit, value) => {
    expect(ListPetsQuerySchema.parse({ limit })).toStrictEqual({ limit: value });
  });

  it.each([
    [{ status: 'lost' }, `status: ${M.notStatus}`],
    [{ status: ['sold', 'sold'] }, `status: ${M.repeated}`],
    [{ cursor: '' }, `cursor: ${M.empty}`],
    [{ cursor: ['a', 'b'] }, `cursor: ${M.repeated}`],
    [{ staus: 'sold' }, `: ${M.unknownParameter}`],
  ])('%j', (query, message) => {
    expect(issuesOf(ListPetsQuerySchema, query)).toStrictEqual([message]);
  });
});

describe('the messages of path ids and headers', () => {
  it.each(['0', '01', '1.0', '+1', '1e3', ''])('petId %j', (petId) => {
    expect(issuesOf(PetIdPathSchema, petId)).toStrictEqual([`: ${M.notPositive}`]);
  });

  it('petId above 2^53-1', () => {
    expect(issuesOf(PetIdPathSchema, '9007199254740992')).toStrictEqual([`: ${M.aboveMaxId}`]);
  });

  it('an Idempotency-Key with a space', () => {
    expect(issuesOf(IdempotencyKeySchema, 'a b')).toStrictEqual([`: ${M.notIdempotencyKey}`]);
  });
});

/** A request part's schema: ts-rest takes headers as an object of schemas, one a header, which checks as an object. */
function asSchema(part: unknown): z.ZodType | undefined {
  if (part === undefined || part instanceof z.ZodType) return part;
  return z.object(part as z.ZodRawShape);
}

/** Values of every kind, for every field of every request schema: whatever fails, fails in the store's words. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  true,
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 64,
  '',
  ' ',
  'x',
  '1e1',
  '\u0000',
  'x'.repeat(300),
  [],
  ['1', '2'],
  {},
  { nested: 1 },
];

describe('every request schema of the contract', () => {
  const parts = Object.entries(contract).flatMap(([name, route]) =>
    (['pathParams', 'query', 'headers', 'body'] as const).flatMap((part) => {
      const schema = asSchema((route as Partial<Record<string, unknown>>)[part]);
      return schema ? [[`${name} ${part}`, part, schema] as const] : [];
    }),
  );

  it.each(parts)('%s fails only in the store words', (_, part, schema) => {
    const shape = schema instanceof z.ZodObject ? schema.shape : {};
    // Express hands the schemas of path, query and headers an object always; only a body can be anything.
    const values = [
      ...(part === 'body' ? ODD_VALUES : []),
      ...Object.keys(shape).flatMap((field) => ODD_VALUES.map((value) => ({ [field]: value }))),
      { unknown: 1 },
    ];
    const messages = values.flatMap((value) => schema.safeParse(value).error?.issues ?? []);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.filter((issue) => !isStoreMessage(issue.message))).toStrictEqual([]);
  });
});
