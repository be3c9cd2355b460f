import { z } from 'zod';
import { IDEMPOTENCY_WINDOW_HOURS } from './rules.js';

/**
 * Identifiers are int64 on the wire, but JavaScript reads JSON numbers as doubles: anything above 2^53-1 would
 * silently change value in every JavaScript client. The store therefore never assigns or accepts a larger id.
 */
export const MAX_SAFE_ID = Number.MAX_SAFE_INTEGER;

export const PET_STATUSES = ['available', 'pending', 'sold'] as const;

export const PET_NAME_MAX_LENGTH = 255;

export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;

export const PetStatusSchema = z.enum(PET_STATUSES).describe('Availability of the animal.');
export type PetStatus = z.infer<typeof PetStatusSchema>;

/** The rules of an int64 id, on a number schema that either takes numbers or converts strings. */
const int64Rules = (number: z.ZodNumber) =>
  number
    .int('must be a whole number')
    .positive('must be a positive whole number')
    .max(MAX_SAFE_ID, `must be at most ${MAX_SAFE_ID}`);

const int64Id = (description: string) =>
  int64Rules(z.number({ invalid_type_error: 'must be a whole number' })).describe(description);

export const PetIdSchema = int64Id(
  'Identifier of the animal, assigned by the store (int64, at most 2^53-1).',
);

export const CategoryIdSchema = int64Id(
  'Identifier of the category the animal belongs to (int64, at most 2^53-1).',
);

export const PetNameSchema = z
  .string({ invalid_type_error: 'must be a string' })
  .max(PET_NAME_MAX_LENGTH, `must be at most ${PET_NAME_MAX_LENGTH} characters`)
  // One rule for empty and blank names, so an empty name gets one message rather than two.
  .regex(/\S/, 'must not be empty or blank')
  // PostgreSQL cannot store NUL, and a lone surrogate would be silently replaced on the way to either database:
  // refusing both keeps every stored name exactly as sent.
  .regex(/^[^\p{Cc}\p{Cs}]*$/u, 'must not contain control characters or unpaired surrogates')
  .describe("The animal's name.");

/** Request body of createPet. Unknown fields, including a client-chosen `id`, are rejected rather than ignored. */
export const NewPetSchema = z
  .object({
    name: PetNameSchema,
    categoryId: CategoryIdSchema,
    status: PetStatusSchema.optional(),
  })
  .strict();
export type NewPet = z.infer<typeof NewPetSchema>;

/** An animal as the store returns it. `status` is absent when it was not given on creation. */
export const PetSchema = z.object({
  id: PetIdSchema,
  name: PetNameSchema,
  categoryId: CategoryIdSchema,
  status: PetStatusSchema.optional(),
});
export type Pet = z.infer<typeof PetSchema>;

export const PetListSchema = z.array(PetSchema);

export const ErrorSchema = z.object({
  code: z.string().describe('Machine-readable error code (snake_case, stable).'),
  message: z.string().describe('Human-readable description.'),
  status: z.number().int().describe('The HTTP status code, repeated.'),
});
export type ApiError = z.infer<typeof ErrorSchema>;

export const ListPetsQuerySchema = z
  .object({
    limit: z.coerce
      .number({ invalid_type_error: 'must be a whole number' })
      .int('must be a whole number')
      .min(LIST_LIMIT.min, `must be at least ${LIST_LIMIT.min}`)
      .max(LIST_LIMIT.max, `must be at most ${LIST_LIMIT.max}`)
      .default(LIST_LIMIT.default)
      .describe('Maximum number of animals returned.'),
    status: PetStatusSchema.optional().describe('Return only animals with this status.'),
    cursor: z
      .string()
      .min(1, 'must not be empty')
      .optional()
      .describe('Opaque position from the `next` link of a previous page; absent for the first page.'),
  })
  .strict();
export type ListPetsQuery = z.infer<typeof ListPetsQuerySchema>;

/** Path ids are canonical decimal integers: `01`, `1.0` or `+1` name no animal. */
export const PetIdPathSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'must be a positive whole number')
  // Converted by `z.coerce`, not by `.transform(Number)`: zod 3 runs every transform with a context object that
  // has a getter, and V8 allocates each such getter pair in its old generation, which then holds the whole parse
  // alive until a full garbage collection. On the server that made every getPet's garbage long-lived
  // (docs/performance.md, seventh round).
  .pipe(int64Rules(z.coerce.number()));

export const AuthorizationHeaderSchema = z.object({
  authorization: z.string().describe('`Bearer <API key>`: every operation requires an API key.'),
});

/** Printable ASCII, as HTTP header values are; long enough for a UUID or a hash of a file and row. */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'must be 1 to 255 printable ASCII characters')
  .describe(
    `Makes a retry safe: the first response for this key is replayed for ${IDEMPOTENCY_WINDOW_HOURS} hours.`,
  );

export const IdempotencyHeaderSchema = z.object({ 'idempotency-key': IdempotencyKeySchema.optional() });
