import { z } from 'zod';
import { LIST_LIMIT, MAX_SAFE_ID, PET_NAME_MAX_LENGTH, PET_STATUSES } from './limits.js';
import { bodyObjectMessage, FIELD_MESSAGES as M } from './messages.js';
import { pathId } from './path-id.js';
import { readableName } from './readable-name.js';
import { requiredOr } from './required-or.js';
import { IDEMPOTENCY_WINDOW_HOURS } from './rules.js';
import { storedName } from './stored-name.js';

export { LIST_LIMIT, MAX_SAFE_ID, PET_NAME_MAX_LENGTH, PET_STATUSES };

export const PetStatusSchema = z
  .enum(PET_STATUSES, { error: M.notStatus })
  .describe('Availability of the animal.');
export type PetStatus = z.infer<typeof PetStatusSchema>;

/**
 * The rules of an int64 id, on a number schema that either takes numbers or converts strings. Zod 4's `int` also
 * bounds a number to the safe integers: its message then names the bound that was crossed, as the rules after it
 * would, and it ends the checks when it fails, so that one value gets one message.
 */
function int64Rules(number: z.ZodNumber): z.ZodNumber;
function int64Rules(number: z.ZodCoercedNumber<string>): z.ZodCoercedNumber<string>;
function int64Rules(number: z.ZodNumber | z.ZodCoercedNumber<string>) {
  return number
    .int({ error: (issue) => safeIntegerMessage(issue.code, M.notWholeNumber), abort: true })
    .positive(M.notPositive)
    .max(MAX_SAFE_ID, M.aboveMaxId);
}

function safeIntegerMessage(code: string, notInteger: string): string {
  if (code === 'too_big') return M.aboveMaxId;
  if (code === 'too_small') return M.notPositive;
  return notInteger;
}

const int64Id = (description: string) =>
  int64Rules(z.number({ error: requiredOr(M.notWholeNumber) })).describe(description);

export const PetIdSchema = int64Id(
  'Identifier of the animal, assigned by the store (int64, at most 2^53-1).',
);

export const CategoryIdSchema = int64Id(
  'Identifier of the category the animal belongs to (int64, at most 2^53-1).',
);

export const PetNameSchema = readableName(PET_NAME_MAX_LENGTH, M.nameTooLong).describe("The animal's name.");

/** Request body of createPet. Unknown fields, including a client-chosen `id`, are rejected rather than ignored. */
export const NewPetSchema = z.strictObject(
  {
    name: PetNameSchema,
    categoryId: CategoryIdSchema,
    status: PetStatusSchema.optional(),
  },
  { error: bodyObjectMessage },
);
export type NewPet = z.infer<typeof NewPetSchema>;

/**
 * An animal as the store returns it. `status` is absent when it was not given on creation. Its name is any name the
 * store may hold, which an earlier version's rules may have let in (stored-name.ts): never PetNameSchema's input rule.
 */
export const PetSchema = z.object({
  id: PetIdSchema,
  name: storedName(PET_NAME_MAX_LENGTH).describe("The animal's name."),
  categoryId: CategoryIdSchema,
  status: PetStatusSchema.optional(),
});
export type Pet = z.infer<typeof PetSchema>;

export const PetListSchema = z.array(PetSchema);

export const ErrorSchema = z.object({
  // A string, not an enum of ERROR_CODES: a client built on 1.1 reads a code added in 1.2 rather than failing on it.
  code: z
    .string()
    .describe(
      'Machine-readable error code (snake_case, stable), one of those listed: codes are added within v1, never ' +
        'renamed or removed, so handle one you do not know by the HTTP status.',
    ),
  message: z.string().describe('Human-readable description.'),
  status: z.number().int().describe('The HTTP status code, repeated.'),
});
export type ApiError = z.infer<typeof ErrorSchema>;

/**
 * A query parameter given at most once: Express reads a repeated one as an array, which no parameter accepts.
 * Values are converted with a regex and a pipe, never `.transform` (see PetIdPathSchema).
 */
export const singleQueryValue = () => z.string({ error: M.repeated });

/** `limit` as canonical decimal digits, as path ids are: `1e1`, `0x10`, `+5`, `05` or `5.0` are refused, not read. */
const ListLimitText = singleQueryValue()
  .min(1, M.empty)
  .regex(/^[0-9]*$/, M.notDecimalDigits)
  .regex(/^(?!0[0-9])/, M.leadingZero);

/**
 * A typed client passes `limit` as a number, which travels as its decimal digits; the server reads the text. Zod
 * reports the text's own issue when only that option fails on its rules; when neither option takes the value, a
 * number is one that is not whole, and anything else is an array: the parameter given twice.
 */
export const ListLimitSchema = z
  .union([z.number().int(M.notDecimalDigits), ListLimitText], {
    error: (issue) => (typeof issue.input === 'number' ? M.notDecimalDigits : M.repeated),
  })
  // Digits only reach the number, so the one value it refuses as such is one too long to be finite.
  .pipe(
    z.coerce
      .number<string | number>({ error: M.aboveMaxLimit })
      .min(LIST_LIMIT.min, M.belowMinLimit)
      .max(LIST_LIMIT.max, M.aboveMaxLimit),
  );

export const ListPetsQuerySchema = z.strictObject(
  {
    limit: ListLimitSchema.default(LIST_LIMIT.default).describe('Maximum number of animals returned.'),
    // The enum itself, not a pipe from text, so that typed clients are offered the three values.
    status: z
      .enum(PET_STATUSES, { error: (issue) => (Array.isArray(issue.input) ? M.repeated : M.notStatus) })
      .optional()
      .describe('Return only animals with this status.'),
    cursor: singleQueryValue()
      .min(1, M.empty)
      .optional()
      .describe('Opaque position from the `next` link of a previous page; absent for the first page.'),
  },
  { error: M.unknownParameter },
);
export type ListPetsQuery = z.infer<typeof ListPetsQuerySchema>;

/** Path ids are canonical decimal integers: `01`, `1.0` or `+1` name no animal. */
export const PetIdPathSchema = pathId(M.notPositive, int64Rules);

/**
 * Headers are given to ts-rest as an object of schemas, one a header, which it checks one by one and lets every
 * other header through.
 */
export const AuthorizationHeaderSchema = {
  authorization: z
    .string({ error: requiredOr(M.notString) })
    .describe('`Bearer <API key>`: every operation requires an API key.'),
};

/** Printable ASCII, as HTTP header values are; long enough for a UUID or a hash of a file and row. */
export const IdempotencyKeySchema = z
  .string({ error: M.notString })
  .regex(/^[\x21-\x7e]{1,255}$/, M.notIdempotencyKey)
  .describe(
    `Makes a retry safe: the first response for this key is replayed for ${IDEMPOTENCY_WINDOW_HOURS} hours.`,
  );

export const IdempotencyHeaderSchema = { 'idempotency-key': IdempotencyKeySchema.optional() };

/**
 * The `ETag`s of answers the client keeps (RFC 9110 §13.1.2): when one matches, the answer is `304 Not Modified`
 * with no body, which does not count against the key's rate limit.
 */
export const ConditionalHeaderSchema = {
  // Node joins a repeated If-None-Match into one list; only a header given as something else than text fails.
  'if-none-match': z
    .string({ error: M.repeated })
    .optional()
    .describe('ETags of answers the client keeps, e.g. `"q3…"`; a match is answered 304.'),
};
