import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  ApiKeyIdPathSchema,
  ApiKeyListSchema,
  ApiKeySchema,
  CreatedApiKeySchema,
  NewApiKeySchema,
  RotateApiKeySchema,
  UpdateApiKeySchema,
} from './api-key-schemas.js';
import { ApiKeyUsageQuerySchema, ApiKeyUsageSchema } from './api-key-usage-schemas.js';
import { AuditEventListSchema, ListAuditEventsQuerySchema } from './audit-event-schemas.js';
import { FIELD_MESSAGES } from './messages.js';
import { SHARED_ROUTER_OPTIONS } from './router-options.js';
import {
  DEFAULT_ROTATION_OVERLAP_HOURS,
  KEY_USAGE_RETENTION_DAYS,
  LASTING_MANAGER_HOURS,
  USAGE_WRITE_INTERVAL_SECONDS,
} from './rules.js';
import { ErrorSchema } from './schemas.js';
import type { OperationMetadata } from './scopes.js';

const c = initContract();

const manageKeys = { scope: 'keys:manage' } as const satisfies OperationMetadata;
/**
 * An operation that takes no parameter refuses any it is sent. Typed as the empty object it is, not as Zod's
 * `Record<string, never>`, so that ts-rest's clients call it with no argument at all (`getCurrentApiKey()`); the
 * schema, and the document, are the same either way.
 */
const noQuery: z.ZodType<Record<never, never>, Record<never, never>> = z.strictObject(
  {},
  { error: FIELD_MESSAGES.unknownParameter },
);

/**
 * The API keys of the store, managed through the API itself. Paths are relative to the base address, as the
 * animals' are; every operation but getCurrentApiKey needs the `keys:manage` scope.
 */
export const apiKeysContract = c.router(
  {
    listApiKeys: {
      method: 'GET',
      path: '/api-keys',
      query: noQuery,
      metadata: manageKeys,
      summary: 'List API keys',
      description:
        'Returns every key, newest first: revoked and expired keys included (see `state`), and the keys set by the ' +
        "server's `API_KEYS` setting (`configured`). `deprecatedCallAt` shows who still calls a deprecated operation.",
      responses: { 200: ApiKeyListSchema, 400: ErrorSchema },
    },
    getCurrentApiKey: {
      method: 'GET',
      path: '/api-keys/current',
      query: noQuery,
      metadata: {} satisfies OperationMetadata,
      summary: 'The key making the call',
      description:
        'Returns the key that made the request, with its scopes and expiry, so that a client can tell what it may ' +
        'do. Any active key may call it, whatever its scopes.',
      responses: { 200: ApiKeySchema, 400: ErrorSchema },
    },
    createApiKey: {
      method: 'POST',
      path: '/api-keys',
      contentType: 'application/json',
      body: NewApiKeySchema,
      metadata: manageKeys,
      summary: 'Create an API key',
      description:
        'Makes a key with the given name, scopes, optional expiry and optional policy (`rateLimitPerMinute`, ' +
        '`allowedNetworks`). The answer carries the key itself in `key`: the only time it is shown.',
      responses: { 201: CreatedApiKeySchema, 400: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema },
    },
    revokeApiKey: {
      method: 'DELETE',
      path: '/api-keys/:keyId',
      pathParams: z.object({ keyId: ApiKeyIdPathSchema }),
      body: c.noBody(),
      metadata: manageKeys,
      summary: 'Revoke an API key',
      description:
        'Revokes the key at once on every instance of the store (within 10 seconds) and returns it. Revoking a ' +
        'revoked key changes nothing. A revocation always leaves an active key that can manage keys and lasts: ' +
        `one not rotated and not expiring within ${LASTING_MANAGER_HOURS} hours. The last such key may not be ` +
        'revoked, by itself, by a manager about to stop, or by another key revoking it at the same moment ' +
        '(409 `last_key_manager`), so that nobody locks the store out.',
      responses: { 200: ApiKeySchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
    },
    updateApiKey: {
      method: 'PATCH',
      path: '/api-keys/:keyId',
      pathParams: z.object({ keyId: ApiKeyIdPathSchema }),
      contentType: 'application/json',
      body: UpdateApiKeySchema,
      metadata: manageKeys,
      summary: 'Change an API key',
      description:
        "Changes a key's name, its own rate limit (`rateLimitPerMinute`) or the networks it may be used from " +
        '(`allowedNetworks`); a field left out is left as it is, `null` removes the limit or the list. Returns the ' +
        'key as changed. The change holds on every worker of the instance before the answer is sent, and on other ' +
        'instances within 10 seconds, as a revocation does. A rotation carries the policy to the successor. A ' +
        'revoked or expired key cannot be changed (409 `api_key_inactive`). A change must leave a key that can ' +
        'manage keys, lasts, and may be used from the address making the change (409 `last_key_manager`), so that ' +
        'no network list locks every manager out.',
      responses: {
        200: ApiKeySchema,
        400: ErrorSchema,
        404: ErrorSchema,
        409: ErrorSchema,
        413: ErrorSchema,
        415: ErrorSchema,
      },
    },
    getApiKeyUsage: {
      method: 'GET',
      path: '/api-keys/:keyId/usage',
      pathParams: z.object({ keyId: ApiKeyIdPathSchema }),
      query: ApiKeyUsageQuerySchema,
      metadata: manageKeys,
      summary: "An API key's usage by the hour",
      description:
        'Returns how many requests the key made in each hour of a range (default: the last 7 days), by kind of ' +
        'answer: `answered`, `refused` (4xx other than 429), `limited` (429) and `failed` (5xx). Every hour of ' +
        'the range is present, those without requests as zeros. Counts are kept in memory and written at most ' +
        `once every ${USAGE_WRITE_INTERVAL_SECONDS} seconds per instance and key, so the newest minute may not ` +
        `show yet; they are kept ${KEY_USAGE_RETENTION_DAYS} days. A range runs at most ` +
        `${KEY_USAGE_RETENTION_DAYS} days.`,
      responses: { 200: ApiKeyUsageSchema, 400: ErrorSchema, 404: ErrorSchema },
    },
    rotateApiKey: {
      method: 'POST',
      path: '/api-keys/:keyId/rotate',
      pathParams: z.object({ keyId: ApiKeyIdPathSchema }),
      contentType: 'application/json',
      body: RotateApiKeySchema.optional(),
      metadata: manageKeys,
      summary: 'Rotate an API key',
      description:
        "Makes the key's successor, with the same name, scopes and expiry (a rotation replaces the secret, not the " +
        'policy), and has the old key expire after ' +
        `\`overlapHours\` (default ${DEFAULT_ROTATION_OVERLAP_HOURS}; 0 ends it now), so that its clients can ` +
        'switch without an outage. The answer carries the new key in `key`, shown only once. A revoked or expired ' +
        'key cannot be rotated (409 `api_key_inactive`), nor can a key rotated before, even during its overlap ' +
        '(409 `api_key_rotated`): of simultaneous rotations of one key exactly one succeeds.',
      responses: {
        201: CreatedApiKeySchema,
        400: ErrorSchema,
        404: ErrorSchema,
        409: ErrorSchema,
        413: ErrorSchema,
        415: ErrorSchema,
      },
    },
    listAuditEvents: {
      method: 'GET',
      path: '/audit-events',
      query: ListAuditEventsQuerySchema,
      metadata: manageKeys,
      summary: 'List the audit log of key operations',
      description:
        'Returns the recorded key operations, newest first: every key created, rotated or revoked (through the API, ' +
        "the server's `keys` commands or at start-up), every such operation refused to an authenticated caller, and " +
        'every store loaded by `data restore` or `data copy`; at most `limit` of them, optionally only those of one ' +
        'key (`keyId`: acting on it, made by it, or a rotation making it), one `action`, or a time range (`since` ' +
        'included, `until` excluded). When more events follow, the response carries a `Link: <…>; rel="next"` ' +
        'header, as listPets does. Each event carries the SHA-256 `hash` of its canonical form and the hash of the ' +
        'event before it: an auditor who keeps the newest hash can later prove that nothing before it changed.',
      responses: { 200: AuditEventListSchema, 400: ErrorSchema },
    },
  },
  SHARED_ROUTER_OPTIONS,
);

export type ApiKeysContract = typeof apiKeysContract;
