import { z } from 'zod';
import { FIELD_MESSAGES as M } from './messages.js';

/**
 * An id in a path: canonical decimal digits only (`01`, `1.0` or `+1` name nothing), `message` for any other text,
 * then the number's own `rules`.
 */
export const pathId = <Rules extends z.ZodTypeAny>(message: string, rules: (number: z.ZodNumber) => Rules) =>
  z
    .string({ required_error: M.required, invalid_type_error: message })
    .regex(/^[1-9][0-9]{0,15}$/, message)
    // Converted by `z.coerce`, not by `.transform(Number)`: zod 3 runs every transform with a context object that
    // has a getter, and V8 allocates each such getter pair in its old generation, which then holds the whole parse
    // alive until a full garbage collection. On the server that made every getPet's garbage long-lived, left for the
    // costly full collections to reclaim (request-schemas.test.ts keeps every request schema free of such effects).
    .pipe(rules(z.coerce.number()));
