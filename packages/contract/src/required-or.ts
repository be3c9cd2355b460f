import type { z } from 'zod';
import { FIELD_MESSAGES } from './messages.js';

/** A value's message for an absent field (`is required`) or, when it is there but of the wrong type, `message`. */
export const requiredOr =
  (message: string) =>
  (issue: z.core.$ZodRawIssue): string =>
    issue.input === undefined ? FIELD_MESSAGES.required : message;
