import { inKiB, LASTING_MANAGER_HOURS, MAX_BODY_BYTES } from './rules.js';

/**
 * Every `code` the store puts in an Error body, with the HTTP status it comes with and when. The set is stable:
 * codes are added, never renamed or removed, within v1. The README's table of error codes repeats it word for word
 * (checked by readme.test.ts).
 */
export const ERROR_CODES = {
  validation_failed: {
    status: 400,
    when: 'A parameter or the body is missing or invalid; the message names the field.',
  },
  malformed_json: { status: 400, when: 'The request body is not valid JSON, or not valid UTF-8.' },
  bad_request: {
    status: 400,
    when: 'The request could not be read: not HTTP/1.x, no `Host`, aborted, wrong length or undecodable path.',
  },
  invalid_cursor: { status: 400, when: 'The `cursor` was not issued by this store.' },
  unauthorized: {
    status: 401,
    when: 'The API key is missing, malformed, unknown, expired or revoked (with `WWW-Authenticate: Bearer`).',
  },
  insufficient_scope: {
    status: 403,
    when: 'The API key lacks the scope the operation needs; the message and `WWW-Authenticate` name it.',
  },
  api_key_network_refused: {
    status: 403,
    when: "The request comes from an address outside the API key's `allowedNetworks`.",
  },
  pet_not_found: { status: 404, when: 'No animal has the requested id.' },
  api_key_not_found: { status: 404, when: 'No stored API key has the requested id.' },
  route_not_found: { status: 404, when: 'No operation exists at this path.' },
  method_not_allowed: { status: 405, when: 'The path exists but not with this method (see `Allow`).' },
  request_timeout: {
    status: 408,
    when: 'The request, its body included, was not received within `REQUEST_TIMEOUT_MS`.',
  },
  idempotency_request_in_progress: {
    status: 409,
    when: 'A request with this `Idempotency-Key` is still being processed (see `Retry-After`).',
  },
  last_key_manager: {
    status: 409,
    when: `A revocation must leave an active \`keys:manage\` key that is not rotated and lasts over ${LASTING_MANAGER_HOURS} hours.`,
  },
  api_key_inactive: { status: 409, when: 'A revoked or expired API key cannot be rotated.' },
  api_key_rotated: {
    status: 409,
    when: 'An API key is rotated once; rotate its successor instead.',
  },
  payload_too_large: { status: 413, when: `The request body is larger than ${inKiB(MAX_BODY_BYTES)}.` },
  unsupported_media_type: { status: 415, when: 'The request body is not `application/json` in UTF-8.' },
  expectation_failed: {
    status: 417,
    when: 'The `Expect` header asks for something other than `100-continue`.',
  },
  idempotency_key_reused: {
    status: 422,
    when: 'This `Idempotency-Key` was already used with a different body.',
  },
  rate_limited: {
    status: 429,
    when: 'Too many requests, or too many failed authentications from one address (see `Retry-After`).',
  },
  headers_too_large: { status: 431, when: 'The request headers are too large.' },
  internal_error: {
    status: 500,
    when: 'An unexpected failure; the message quotes the request id that is logged.',
  },
  service_unavailable: {
    status: 503,
    when: 'The database cannot be reached; retry after `Retry-After` seconds.',
  },
} as const satisfies Record<string, { status: number; when: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
