import { z } from 'zod';
import { bodyObjectMessage, FIELD_MESSAGES as M } from './messages.js';
import { pathId } from './path-id.js';
import { readableName } from './readable-name.js';
import { requiredOr } from './required-or.js';
import {
  API_KEY_NAME_MAX_LENGTH,
  MAX_ALLOWED_NETWORKS,
  MAX_KEY_RATE_LIMIT_PER_MINUTE,
  MAX_ROTATION_OVERLAP_HOURS,
} from './rules.js';
import { API_KEY_SCOPES } from './scopes.js';

export const ApiKeyScopeSchema = z
  .enum(API_KEY_SCOPES, { error: M.notScope })
  .describe('What the key may do: `pets:read`, `pets:write` or `keys:manage`.');

export const ApiKeyNameSchema = readableName(API_KEY_NAME_MAX_LENGTH, M.keyNameTooLong).describe(
  'A name that tells people which client holds the key.',
);

/** An instant on the wire: ISO 8601 with a time zone, as `Date.prototype.toISOString` writes it. */
const instant = (description: string) => z.iso.datetime({ offset: true }).nullable().describe(description);

/** A calendar date that exists (`2028-02-29`, not `2027-02-29`), as Zod's own date rule reads it. */
const CALENDAR_DATE = z.core.regexes.date.source.replace(/^\^|\$$/g, '');

/**
 * An instant a client sends: a date, hours and minutes, optional seconds and fraction, then `Z` or an offset that a
 * clock can show (`+05:30`, `+0530`; not `+24:00` or `+99:99`).
 */
export const ISO_INSTANT = new RegExp(
  `^${CALENDAR_DATE}T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?(?:Z|[+-](?:[01]\\d|2[0-3]):?[0-5]\\d)$`,
);

/**
 * A key's own limit of requests a minute, in place of the server's `RATE_LIMIT_PER_MINUTE`; null (or absent) for
 * that default. The operator's `KEY_RATE_LIMIT_MAX_PER_MINUTE` may set a maximum below the schema's; the server
 * checks it.
 */
export const RateLimitPerMinuteSchema = z
  .number({ error: M.notRateLimit })
  .int(M.notRateLimit)
  .min(1, M.notRateLimit)
  .max(MAX_KEY_RATE_LIMIT_PER_MINUTE, M.notRateLimit)
  .nullable()
  .describe(
    "The key's own limit of requests a minute, up or down from the server's `RATE_LIMIT_PER_MINUTE`; null for " +
      'that default. The `RateLimit` headers and a 429 state it.',
  );

/**
 * One network a key may be used from, in CIDR notation. The server also refuses a range with address bits set after
 * its prefix length (`10.0.0.1/8`), since such a range reads as one address but means the whole network.
 */
export const NetworkRangeSchema = z
  .union([z.cidrv4(), z.cidrv6()], { error: M.notNetwork })
  .describe(
    'An IPv4 or IPv6 network in CIDR notation (`203.0.113.0/24`, `2001:db8::/32`), with no address bits set ' +
      'after the prefix length. An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`) matches its IPv4 range.',
  );

export const AllowedNetworksSchema = z
  .array(NetworkRangeSchema, { error: M.notNetworkList })
  .max(MAX_ALLOWED_NETWORKS, M.tooManyNetworks)
  .nullable()
  .describe(
    `The networks the key may be used from (at most ${MAX_ALLOWED_NETWORKS} ranges); null for any network. A ` +
      'request from elsewhere is refused with 403 `api_key_network_refused`. The address is the one the store ' +
      'decides by its `TRUST_PROXY` setting, as its log shows it. An empty list refuses every address.',
  );

/** An API key as the store shows it: never the secret, never its digest. */
export const ApiKeySchema = z.object({
  id: z
    .union([z.number().int().positive(), z.string()])
    .describe('An integer for a stored key; `env-1`, `env-2`… for a key set by the `API_KEYS` setting.'),
  name: z.string().describe('Who holds the key.'),
  prefix: z
    .string()
    .describe(
      'The first characters of the key: enough to recognise it, too few to use it. For a configured key, ' +
        '`sha256:` and the first 8 hex digits of its SHA-256 digest, which show none of it.',
    ),
  scopes: z.array(ApiKeyScopeSchema).describe('What the key may do.'),
  state: z
    .enum(['active', 'expired', 'revoked'])
    .describe('Whether the key is accepted now: `active`, or refused since it `expired` or was `revoked`.'),
  configured: z
    .boolean()
    .describe(
      'Set by the `API_KEYS` setting of the server: changed there, never revoked or rotated through the API.',
    ),
  createdAt: instant('When the key was made; null for a configured key.'),
  expiresAt: instant('When the key stops working; null if it never expires.'),
  lastUsedAt: instant('When the key last called the API, recorded within a minute of it; null if never.'),
  deprecatedCallAt: instant(
    'When the key last called a deprecated operation, recorded within a minute of it; null if never.',
  ),
  revokedAt: instant('When the key was revoked; null while it is not.'),
  rotatedAt: instant(
    'When the key was rotated: its successor replaces it, and it stops working at `expiresAt`. Null while it has not been.',
  ),
  replaces: z
    .number()
    .int()
    .positive()
    .nullable()
    .describe('The id of the key this one replaced by a rotation; null for a key made anew.'),
  rateLimitPerMinute: RateLimitPerMinuteSchema,
  allowedNetworks: AllowedNetworksSchema,
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.array(ApiKeySchema);

/** A key just made: the only answer that carries its secret. */
export const CreatedApiKeySchema = ApiKeySchema.extend({
  key: z
    .string()
    .describe('The key itself. Shown only in this answer: store it now, it cannot be shown again.'),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/**
 * Request body of createApiKey. `expiresAt` must also be in the future and within MAX_API_KEY_LIFETIME_DAYS; the
 * server checks that, since a request schema holds no refinements (request-schemas.test.ts).
 */
export const NewApiKeySchema = z.strictObject(
  {
    name: ApiKeyNameSchema,
    scopes: z
      .array(ApiKeyScopeSchema, { error: requiredOr(M.notArray) })
      .min(1, M.noScopes)
      .describe('What the key may do; at least one scope.'),
    expiresAt: z
      .stringFormat('date-time', ISO_INSTANT, {
        error: (issue) => (issue.code === 'invalid_type' ? M.notString : M.notDateTime),
      })
      .optional()
      .describe('When the key stops working (ISO 8601); absent for a key that does not expire.'),
    rateLimitPerMinute: RateLimitPerMinuteSchema.optional(),
    allowedNetworks: AllowedNetworksSchema.optional(),
  },
  { error: bodyObjectMessage },
);
export type NewApiKey = z.infer<typeof NewApiKeySchema>;

/**
 * Request body of updateApiKey: the fields to change, each optional; `null` removes a limit or a network list. An
 * empty object changes nothing.
 */
export const UpdateApiKeySchema = z.strictObject(
  {
    name: ApiKeyNameSchema.optional(),
    rateLimitPerMinute: RateLimitPerMinuteSchema.optional(),
    allowedNetworks: AllowedNetworksSchema.optional(),
  },
  { error: bodyObjectMessage },
);
export type UpdateApiKey = z.infer<typeof UpdateApiKeySchema>;

/** Request body of rotateApiKey; may be empty. */
export const RotateApiKeySchema = z.strictObject(
  {
    overlapHours: z
      .number({ error: M.notOverlapHours })
      .int(M.notOverlapHours)
      .min(0, M.notOverlapHours)
      .max(MAX_ROTATION_OVERLAP_HOURS, M.notOverlapHours)
      .optional()
      .describe(
        'How long the old key keeps working beside its successor, in hours (default 24; 0 ends it now).',
      ),
  },
  // An absent body has no message of its own, as in zod 3, whose default the server words as "is not valid".
  { error: (issue) => (issue.input === undefined ? undefined : bodyObjectMessage(issue)) },
);
export type RotateApiKey = z.infer<typeof RotateApiKeySchema>;

/** A stored key's id in a path: canonical decimal digits, as animal ids are. */
export const ApiKeyIdPathSchema = pathId(M.notKeyId, (number) =>
  number.int(M.notKeyId).max(Number.MAX_SAFE_INTEGER, M.notKeyId),
);
