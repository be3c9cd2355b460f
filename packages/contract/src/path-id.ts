import { z } from 'zod';
import { requiredOr } from './required-or.js';

/**
 * An id in a path: canonical decimal digits only (`01`, `1.0` or `+1` name nothing), `message` for any other text,
 * then the number's own `rules`.
 */
export const pathId = <Rules extends z.ZodType<number, string>>(
  message: string,
  rules: (number: z.ZodCoercedNumber<string>) => Rules,
) =>
  z
    .string({ error: requiredOr(message) })
    .regex(/^[1-9][0-9]{0,15}$/, message)
    // Converted by `z.coerce`, not by `.transform(Number)`, so that the request schemas stay plain data a JSON
    // Schema generator reads, with no function in them (request-schemas.test.ts).
    .pipe(rules(z.coerce.number<string>()));
