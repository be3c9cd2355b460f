import {
  ApiKeyIdPathSchema,
  ApiKeyNameSchema,
  type ApiKeyScope,
  ApiKeyScopeSchema,
  CategoryIdSchema,
  expiryAsTyped,
  FIELD_MESSAGES,
  ListAuditEventsQuerySchema,
  ListPetsQuerySchema,
  NetworkRangeSchema,
  NewApiKeySchema,
  PetIdPathSchema,
  PetNameSchema,
  RateLimitPerMinuteSchema,
  RotateApiKeySchema,
} from '@animal-store/contract';
import { InvalidArgumentError } from 'commander';
import { z } from 'zod';

/**
 * Flag values are checked with the contract's own schemas, so a bad value is a usage error (exit 2) named by
 * the flag, and the limits stay wherever the contract says they are.
 */
function parserFor<Schema extends z.ZodType>(schema: Schema): (value: string) => z.output<Schema> {
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

export const parseKeyName = parserFor(ApiKeyNameSchema);
export const parseKeyId = parserFor(ApiKeyIdPathSchema);

const parseScope = parserFor(ApiKeyScopeSchema);

/** `--scope` is repeated once per scope; each value is checked alone, so the message quotes the wrong one. */
export const collectScope = (value: string, previous: ApiKeyScope[] = []): ApiKeyScope[] => [
  ...previous,
  parseScope(value),
];

export const parseOverlapHours = parserFor(
  z
    .string()
    .regex(/^[0-9]+$/, FIELD_MESSAGES.notOverlapHours)
    .transform(Number)
    .pipe(RotateApiKeySchema.shape.overlapHours.unwrap()),
);

const EXPIRES_AT = NewApiKeySchema.shape.expiresAt.unwrap();
const EXPIRY_MESSAGE = `${FIELD_MESSAGES.notDateTime}, or a date such as 2027-01-31 (the end of that day in UTC)`;

/**
 * Only the form is checked here: whether the instant is in the future and near enough is the store's to judge,
 * by its clock and its rule, and its refusal names the rule.
 */
export function parseExpiry(value: string): string {
  const instant = expiryAsTyped(value);
  if (!EXPIRES_AT.safeParse(instant).success) throw new InvalidArgumentError(EXPIRY_MESSAGE);
  return instant;
}

export const parseAuditKeyId = parserFor(ListAuditEventsQuerySchema.shape.keyId.unwrap());

const QUERY_INSTANT = ListAuditEventsQuerySchema.shape.since.unwrap();
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `--since` and `--until` take what the store takes, an ISO 8601 instant with its time zone, or a bare date meaning
 * the start of that day in UTC: `--since 2026-11-01 --until 2026-12-01` is November, as `since` is included and
 * `until` excluded.
 */
export function parseAuditInstant(value: string): string {
  const instant = BARE_DATE.test(value) ? `${value}T00:00:00Z` : value;
  if (!QUERY_INSTANT.safeParse(instant).success || Number.isNaN(Date.parse(instant))) {
    throw new InvalidArgumentError(
      `${FIELD_MESSAGES.notDateTime}, or a date such as 2026-11-01 (the start of that day in UTC)`,
    );
  }
  return instant;
}

/** `--rate-limit` on create: a key's own requests a minute, within the contract's bounds. */
export const parseRateLimit = parserFor(
  z
    .string()
    .regex(/^[0-9]+$/, FIELD_MESSAGES.notRateLimit)
    .transform(Number)
    .pipe(RateLimitPerMinuteSchema.unwrap()),
);

/**
 * `--rate-limit` on update: a limit, or `default` to give the key the store's own again. The word is kept, not
 * null, which commander would store as an empty string.
 */
export const parseRateLimitOrDefault = (value: string): number | 'default' =>
  value === 'default' ? 'default' : parseRateLimit(value);

const parseNetwork = parserFor(NetworkRangeSchema);

/** `--network` is repeated once per range; each is checked alone, so the message quotes the wrong one. */
export const collectNetwork = (value: string, previous: string[] = []): string[] => [
  ...previous,
  parseNetwork(value),
];
