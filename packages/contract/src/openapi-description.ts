import { ERROR_CODES } from './errors.js';
import { dayInWords, GET_PET_SUNSET } from './rules.js';

/** The tag every operation is listed under, so that documentation tools show a named group. */
export const ANIMALS_TAG = {
  name: 'Animals',
  description: 'The catalogue of animals offered in the store: list them, add one, and (deprecated) get one.',
};

/** The tag of the key-management operations. */
export const API_KEYS_TAG = {
  name: 'API keys',
  description:
    'The keys that may call the store: list them, make one with chosen scopes and expiry, revoke one, rotate one. ' +
    'Every operation but getCurrentApiKey needs the `keys:manage` scope.',
};

const sunsetDate = dayInWords(GET_PET_SUNSET);

/** The error-code table, generated from ERROR_CODES so that it cannot drift from what the store sends. */
function errorCodeTable(): string {
  const rows = Object.entries(ERROR_CODES).map(
    ([code, { status, when }]) => `| \`${code}\` | ${status} | ${when} |`,
  );
  return ['| code | status | when |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The document's introduction: authentication, the deprecation with its Sunset date, and every error. */
export function documentDescription(): string {
  return [
    'A catalogue of animals offered in a store. Every operation requires an API key as a bearer token, with the ' +
      'scope the operation names: `pets:read`, `pets:write` or `keys:manage`. A key without it is answered 403 ' +
      '`insufficient_scope` with `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`.',
    '## Deprecation',
    `\`GET /pets/{petId}\` (getPet) is deprecated and will be removed on **${sunsetDate}** (its \`Sunset\` date). ` +
      'Use `GET /pets` instead. Every getPet response carries `Deprecation`, `Sunset` and a `Link` to the successor.',
    '## Errors',
    'Every error, whatever the operation, has the same JSON body (`application/json`):',
    '```json\n{ "code": "validation_failed", "message": "query parameter \'limit\': must be at most 100", "status": 400 }\n```',
    '`code` is one of a small, stable set (codes are added, never renamed or removed, within v1); `message` is ' +
      'for people and may change; `status` repeats the HTTP status. 429 and 503 answers carry `Retry-After`.',
    errorCodeTable(),
  ].join('\n\n');
}
