import { ERROR_CODES, type ErrorCode } from './errors.js';
import { FIELD_MESSAGES as M } from './messages.js';
import type { OperationId } from './openapi-examples.js';
import { inKiB, LASTING_MANAGER_HOURS, MAX_BODY_BYTES } from './rules.js';
import type { ApiError } from './schemas.js';
import { requiredScope } from './scopes.js';
import { storeContract } from './store-contract.js';

/**
 * The Error bodies the store answers, as examples for each operation and status. A rule's words are the contract's
 * own (FIELD_MESSAGES); the server's own sentences are written here as it sends them, and the server's tests
 * provoke each example and compare (pages/api-docs-examples.test.ts).
 */
const error = (code: ErrorCode, message: string): ApiError => ({
  code,
  message,
  status: ERROR_CODES[code].status,
});

/** A refused value, named as the store names it: "query parameter 'limit': must be at most 100". */
const refused = (where: 'query parameter' | 'path parameter' | 'body field', name: string, rule: string) =>
  error('validation_failed', `${where} '${name}': ${rule}`);

const TOO_LARGE = error('payload_too_large', `The request body is larger than ${inKiB(MAX_BODY_BYTES)}.`);
const NOT_JSON = error(
  'unsupported_media_type',
  'The request body must be JSON, sent as Content-Type: application/json.',
);
const NETWORK_REFUSED = error(
  'api_key_network_refused',
  'This API key may not be used from 198.51.100.23: its allowed networks do not include that address.',
);
const KEY_NOT_FOUND = error('api_key_not_found', 'No API key has id 99.');

/** What any operation may answer: a refused key, a missing scope, the key's rate limit, a failure. */
function sharedErrors(operationId: OperationId): Record<string, ApiError[]> {
  const scope = requiredScope(storeContract[operationId]);
  return {
    401: [error('unauthorized', 'The Authorization header is missing or not of the form `Bearer <key>`.')],
    // Any operation refuses a key used from outside its networks; one any active key may call, never for a scope.
    403: [
      ...(scope
        ? [
            error(
              'insufficient_scope',
              `This API key lacks the \`${scope}\` scope, which ${operationId} needs.`,
            ),
          ]
        : []),
      NETWORK_REFUSED,
    ],
    429: [error('rate_limited', 'More than 600 requests a minute with this API key.')],
    500: [
      error(
        'internal_error',
        'An unexpected error occurred; quote request id 9af9bd05-97f9-4664-841a-f8b58f8c8406 when reporting it.',
      ),
    ],
    503: [error('service_unavailable', 'The database cannot be reached; retry shortly.')],
  };
}

/** Each operation's own refusals, by status. */
const OWN_ERRORS: Record<OperationId, Record<string, ApiError[]>> = {
  listPets: {
    400: [
      refused('query parameter', 'limit', M.aboveMaxLimit),
      error('invalid_cursor', 'The cursor is not one this store issued; start again without it.'),
    ],
  },
  createPet: {
    400: [
      refused('body field', 'name', M.nameBlank),
      error('malformed_json', 'The request body is not valid JSON.'),
    ],
    409: [error('idempotency_request_in_progress', 'A request with this Idempotency-Key is in progress.')],
    413: [TOO_LARGE],
    415: [NOT_JSON],
    422: [error('idempotency_key_reused', 'This Idempotency-Key was used with a different body.')],
  },
  getPet: {
    400: [refused('path parameter', 'petId', M.notPositive)],
    404: [error('pet_not_found', 'No animal has id 2048.')],
  },
  listApiKeys: { 400: [refused('query parameter', 'limit', M.unknownParameter)] },
  getCurrentApiKey: { 400: [refused('query parameter', 'expand', M.unknownParameter)] },
  createApiKey: {
    400: [refused('body field', 'scopes', M.noScopes)],
    413: [TOO_LARGE],
    415: [NOT_JSON],
  },
  revokeApiKey: {
    400: [refused('path parameter', 'keyId', M.notKeyId)],
    404: [KEY_NOT_FOUND],
    409: [
      error(
        'last_key_manager',
        `This is the last active key that can manage keys for more than ${LASTING_MANAGER_HOURS} hours: ` +
          'revoking it would lock everyone out. Create another key with the keys:manage scope, expiring ' +
          'later than that or never, first.',
      ),
    ],
  },
  updateApiKey: {
    400: [
      refused('body field', 'allowedNetworks.0', M.networkHostBitsSet),
      refused('body field', 'rateLimitPerMinute', M.notRateLimit),
    ],
    404: [KEY_NOT_FOUND],
    409: [
      error('api_key_inactive', 'API key 7 is revoked: only an active key can be changed.'),
      error(
        'last_key_manager',
        'This change would leave no active key that can manage keys, lasts more than ' +
          `${LASTING_MANAGER_HOURS} hours and may be used from 198.51.100.23: allow this address, or change ` +
          'another manager first.',
      ),
    ],
    413: [TOO_LARGE],
    415: [NOT_JSON],
  },
  getApiKeyUsage: {
    400: [refused('query parameter', 'since', M.usageRangeTooLong)],
    404: [KEY_NOT_FOUND],
  },
  rotateApiKey: {
    400: [refused('body field', 'overlapHours', M.notOverlapHours)],
    404: [KEY_NOT_FOUND],
    409: [
      error('api_key_inactive', 'API key 7 is revoked: only an active key can be rotated.'),
      error(
        'api_key_rotated',
        'API key 7 was rotated already: rotate its successor, which holds its name, scopes and expiry.',
      ),
    ],
    413: [TOO_LARGE],
    415: [NOT_JSON],
  },
  listAuditEvents: {
    400: [
      refused('query parameter', 'since', M.notDateTime),
      error('invalid_cursor', 'The cursor is not one this store issued; start again without it.'),
    ],
  },
};

/** The Error bodies `operationId` may answer with `status`; none for a status it never answers. */
export function errorExamples(operationId: OperationId, status: string): ApiError[] {
  return OWN_ERRORS[operationId][status] ?? sharedErrors(operationId)[status] ?? [];
}
