import { AUDIT_ACTIONS } from './audit-actions.js';
import { LIST_LIMIT, MAX_SAFE_ID, PET_NAME_MAX_LENGTH, PET_STATUSES } from './limits.js';
import {
  API_KEY_NAME_MAX_LENGTH,
  KEY_USAGE_RETENTION_DAYS,
  MAX_ALLOWED_NETWORKS,
  MAX_API_KEY_LIFETIME_DAYS,
  MAX_KEY_RATE_LIMIT_PER_MINUTE,
  MAX_ROTATION_OVERLAP_HOURS,
} from './rules.js';
import { API_KEY_SCOPES } from './scopes.js';

/**
 * Every rule a request can break, in the store's own words. A client reads each as the end of a sentence that names
 * the field, e.g. "query parameter 'limit': must not be empty". The schemas use these and nothing else, so that no
 * library's default text reaches a client; the admin app and the CLI show them as the store sends them.
 */
export const FIELD_MESSAGES = {
  required: 'is required',
  notString: 'must be a string',
  notWholeNumber: 'must be a whole number',
  notPositive: 'must be a positive whole number',
  aboveMaxId: `must be at most ${MAX_SAFE_ID}`,
  nameTooLong: `must be at most ${PET_NAME_MAX_LENGTH} characters`,
  nameBlank: 'must not be empty or blank',
  nameControlCharacters: 'must not contain control characters or unpaired surrogates',
  nameInvisibleCharacters: 'must not contain bidirectional controls or invisible characters',
  notStatus: `must be one of ${PET_STATUSES.join(', ')}`,
  empty: 'must not be empty',
  repeated: 'must be given at most once',
  notDecimalDigits:
    'must be a whole number written in decimal digits only (no sign, point, exponent or spaces)',
  leadingZero: 'must not start with 0',
  belowMinLimit: `must be at least ${LIST_LIMIT.min}`,
  aboveMaxLimit: `must be at most ${LIST_LIMIT.max}`,
  notIdempotencyKey: 'must be 1 to 255 printable ASCII characters',
  unknownParameter: 'is not a known parameter',
  unknownField: 'is not a known field',
  idAssignedByStore: 'is assigned by the store and must not be sent',
  keyNameTooLong: `must be at most ${API_KEY_NAME_MAX_LENGTH} characters`,
  notScope: `must be one of ${API_KEY_SCOPES.join(', ')}`,
  noScopes: 'must name at least one scope',
  notArray: 'must be an array',
  notDateTime: 'must be a date and time in ISO 8601 with a time zone, e.g. 2027-01-31T12:00:00Z',
  expiryNotFuture: 'must be in the future',
  expiryTooFar: `must be at most ${MAX_API_KEY_LIFETIME_DAYS} days ahead`,
  notKeyId:
    'must be the id of a stored key (a positive whole number); keys set by API_KEYS are changed there',
  notAuditKeyId:
    'must be the id of a key: a positive whole number, or env-1, env-2… for a key set by API_KEYS',
  notAuditAction: `must be one of ${AUDIT_ACTIONS.join(', ')}`,
  notRateLimit: `must be a whole number from 1 to ${MAX_KEY_RATE_LIMIT_PER_MINUTE}, or null for the store's default`,
  notNetwork: 'must be an IPv4 or IPv6 network in CIDR notation, e.g. 203.0.113.0/24 or 2001:db8::/32',
  networkHostBitsSet:
    'must have no address bits set after the prefix length, e.g. 10.0.0.0/8 rather than 10.0.0.1/8',
  tooManyNetworks: `must hold at most ${MAX_ALLOWED_NETWORKS} network ranges`,
  notNetworkList: 'must be an array of network ranges, or null for any network',
  usageRangeBackwards: 'must be before until',
  usageRangeTooLong: `must be at most ${KEY_USAGE_RETENTION_DAYS} days before until`,
  notOverlapHours: `must be a whole number of hours from 0 to ${MAX_ROTATION_OVERLAP_HOURS}`,
  /** For a rule that has no message of its own: the server never passes a library's text on. */
  invalid: 'is not valid',
} as const;

/** The one message for a body that is absent or not a JSON object: it has no field to name. */
export const BODY_NOT_OBJECT_MESSAGE = 'The request body is required and must be a JSON object.';

/** The message of a body schema's own issue: a field it does not know, or a body that is not an object at all. */
export const bodyObjectMessage = (issue: { code: string }): string =>
  issue.code === 'unrecognized_keys' ? FIELD_MESSAGES.unknownField : BODY_NOT_OBJECT_MESSAGE;

/** Whether `message` is one of the store's own; anything else is a library's text and must not reach a client. */
export function isStoreMessage(message: string): boolean {
  return STORE_MESSAGES.has(message);
}

const STORE_MESSAGES = new Set<string>([...Object.values(FIELD_MESSAGES), BODY_NOT_OBJECT_MESSAGE]);
