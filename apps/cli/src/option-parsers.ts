import {
  CategoryIdSchema,
  ListPetsQuerySchema,
  PetIdPathSchema,
  PetNameSchema,
} from '@animal-store/contract';
import { InvalidArgumentError } from 'commander';
import { z } from 'zod';

/**
 * Flag values are checked with the contract's own schemas, so a bad value is a usage error (exit 2) named by
 * the flag, and the limits stay wherever the contract says they are.
 */
function parserFor<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>): (value: string) => T {
  return (value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new InvalidArgumentError(result.error.issues[0]?.message ?? 'invalid value');
    return result.data;
  };
}

/** A canonical decimal, as for path ids: `1e3` or `0x10` would otherwise become a number silently. */
const decimal = z
  .string()
  .regex(/^[0-9]+$/, 'must be a whole number')
  .transform(Number);

export const parseLimit = parserFor(ListPetsQuerySchema.shape.limit.removeDefault());
export const parsePetId = parserFor(PetIdPathSchema);
export const parseCategoryId = parserFor(decimal.pipe(CategoryIdSchema));
export const parseName = parserFor(PetNameSchema);

/** Rows in flight at once during an import: enough to hide latency, few enough not to flood the server. */
export const IMPORT_CONCURRENCY = { default: 8, max: 32 } as const;

export const parseConcurrency = parserFor(
  decimal.pipe(
    z
      .number()
      .int()
      .min(1, 'must be at least 1')
      .max(IMPORT_CONCURRENCY.max, `must be at most ${IMPORT_CONCURRENCY.max}`),
  ),
);
