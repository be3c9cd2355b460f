import { ERROR_CODES } from './errors.js';
import { errorExamples } from './openapi-error-examples.js';

/** The tag every operation is listed under, so that documentation tools show a named group. */
export const ANIMALS_TAG = {
  name: 'Animals',
  description: 'List the animals, add one, and (deprecated) get one.',
};

/** The tag of the key-management operations. */
export const API_KEYS_TAG = {
  name: 'API keys',
  description:
    'The keys that may call the store: list them, make one with chosen scopes and expiry, revoke one, rotate one. ' +
    'Every operation but getCurrentApiKey needs the `keys:manage` scope.',
};

/** The error-code table, generated from ERROR_CODES so that it cannot drift from what the store sends. */
function errorCodeTable(): string {
  const rows = Object.entries(ERROR_CODES).map(
    ([code, { status, when }]) => `| \`${code}\` | ${status} | ${when} |`,
  );
  return ['| code | status | when |', '| --- | --- | --- |', ...rows].join('\n');
}

/**
 * A section without operations, listed after them: the Error body and every code. Readers meet the operations
 * first; the introduction links here.
 */
export const ERRORS_TAG = {
  name: 'Errors',
  description: [
    'Every error, whatever the operation, has the same JSON body (`application/json`):',
    `\`\`\`json\n${JSON.stringify(errorExamples('listPets', '400')[0], null, 2)}\n\`\`\``,
    '`code` is one of a small, stable set (codes are added, never renamed or removed, within v1); `message` is ' +
      'for people and may change; `status` repeats the HTTP status. 429 and 503 answers carry `Retry-After`.',
    errorCodeTable(),
  ].join('\n\n'),
};

/**
 * The document's introduction, short so that the operations follow it on a phone's first screen. The operations
 * say the rest: the scope each needs, and getPet its deprecation with the Sunset date.
 */
export function documentDescription(): string {
  return (
    'A catalogue of animals offered in a store. Each operation needs an API key with the scope it names; every ' +
    'error has one body, its codes listed after the operations.'
  );
}
