import { z } from 'zod';
import { FIELD_MESSAGES as M } from './messages.js';
import { requiredOr } from './required-or.js';

/** A name people read, of at most `maxLength` characters: the rules of an animal's name and of an API key's. */
export const readableName = (maxLength: number, tooLongMessage: string) =>
  z
    .string({ error: requiredOr(M.notString) })
    .max(maxLength, tooLongMessage)
    // One rule for empty and blank names, so an empty name gets one message rather than two.
    .regex(/\S/, M.nameBlank)
    // PostgreSQL cannot store NUL, and a lone surrogate would be silently replaced on the way to either database:
    // refusing both keeps every stored name exactly as sent.
    .regex(/^[^\p{Cc}\p{Cs}]*$/u, M.nameControlCharacters);
