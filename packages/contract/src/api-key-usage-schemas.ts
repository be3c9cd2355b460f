import { z } from 'zod';
import { QueryInstantSchema } from './audit-event-schemas.js';
import { FIELD_MESSAGES as M } from './messages.js';
import { KEY_USAGE_RETENTION_DAYS } from './rules.js';

const count = (description: string) => z.number().int().nonnegative().describe(description);

/** What one key was answered in one hour, by kind of answer. */
export const ApiKeyUsageHourSchema = z.object({
  hour: z.iso
    .datetime({ offset: true })
    .describe('The start of the hour (UTC); the hour runs for 60 minutes.'),
  answered: count('Requests answered with success (2xx or 3xx).'),
  refused: count(
    'Requests refused with a 4xx other than 429: invalid input, a missing scope, a refused network…',
  ),
  limited: count("Requests refused with 429 by the key's rate limit."),
  failed: count('Requests that failed on the server (5xx).'),
});
export type ApiKeyUsageHour = z.infer<typeof ApiKeyUsageHourSchema>;

/** A key's usage over a range of hours: every hour of the range, those without requests included (all zero). */
export const ApiKeyUsageSchema = z.object({
  keyId: z.number().int().positive().describe('The stored key the counts are of.'),
  since: z.iso.datetime({ offset: true }).describe('The start of the first hour returned (UTC).'),
  until: z.iso.datetime({ offset: true }).describe('The end of the last hour returned (UTC), excluded.'),
  hours: z.array(ApiKeyUsageHourSchema).describe('One entry an hour from `since` to `until`, oldest first.'),
});
export type ApiKeyUsage = z.infer<typeof ApiKeyUsageSchema>;

export const ApiKeyUsageQuerySchema = z.strictObject(
  {
    since: QueryInstantSchema.optional().describe(
      'The first hour to count (ISO 8601), rounded down to its hour; absent for 7 days before `until`. Counts ' +
        `are kept ${KEY_USAGE_RETENTION_DAYS} days: older hours read as zero.`,
    ),
    until: QueryInstantSchema.optional().describe(
      'The end of the range (ISO 8601), rounded up to the next hour and excluded; absent for now.',
    ),
  },
  { error: M.unknownParameter },
);
export type ApiKeyUsageQuery = z.infer<typeof ApiKeyUsageQuerySchema>;
