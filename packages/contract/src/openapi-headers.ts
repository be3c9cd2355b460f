import { dayInWords, GET_PET_SUNSET, IDEMPOTENCY_WINDOW_HOURS } from './rules.js';

interface HeaderObject {
  description: string;
  schema: { type: 'string' | 'integer' };
}

const header = (description: string, type: 'string' | 'integer' = 'string'): HeaderObject => ({
  description,
  schema: { type },
});

const REQUEST_ID = header("The id of this request in the store's log; quote it when reporting a problem.");
const RATE_LIMIT = header("The key's budget left in this window, e.g. `limit=600, remaining=599, reset=60`.");
const RATE_LIMIT_POLICY = header("The key's limit per window, e.g. `600;w=60`.");
const RETRY_AFTER = header('Seconds to wait before trying again.', 'integer');

const ETAG = header(
  'A strong tag of this answer: send it in `If-None-Match` to be answered 304 while it holds.',
);
const CACHE_CONTROL = header(
  '`private, no-cache`: a client may keep the answer, and asks with its `ETag` before using it again.',
);

const DEPRECATED = {
  Deprecation: header('Since when the operation is deprecated (RFC 9745), e.g. `@1795305600`.'),
  Sunset: header(`When the operation is removed (RFC 8594): ${dayInWords(GET_PET_SUNSET)}.`),
  Link: header('The successor: `</v1/pets>; rel="successor-version"`.'),
};

/** The headers of one response: those every answer has, those of its status, and those of its operation. */
export function responseHeaders(operationId: string, status: string): Record<string, HeaderObject> {
  const headers: Record<string, HeaderObject> = { 'X-Request-Id': REQUEST_ID };
  if (status.startsWith('2') || status === '304' || status === '429') {
    headers.RateLimit = RATE_LIMIT;
    headers['RateLimit-Policy'] = RATE_LIMIT_POLICY;
  }
  if (status === '429' || status === '503' || (operationId === 'createPet' && status === '409')) {
    headers['Retry-After'] = RETRY_AFTER;
  }
  if (status === '401') headers['WWW-Authenticate'] = header('`Bearer realm="animal-store"`.');
  if (status === '403') {
    headers['WWW-Authenticate'] = header(
      'With `insufficient_scope`: `Bearer error="insufficient_scope", scope="<the scope needed>"` (RFC 6750).',
    );
  }
  if ((operationId === 'listPets' || operationId === 'getPet') && (status === '200' || status === '304')) {
    headers.ETag = ETAG;
    headers['Cache-Control'] = CACHE_CONTROL;
  }
  if (operationId === 'listPets' && status === '200') {
    headers.Link = header(
      'The next page, `<…&cursor=…>; rel="next"`, while more animals follow; absent on the last.',
    );
  }
  if (operationId === 'listAuditEvents' && status === '200') {
    headers.Link = header(
      'The next page, `<…&cursor=…>; rel="next"`, while older events follow; absent on the last.',
    );
  }
  if ((operationId === 'createApiKey' || operationId === 'rotateApiKey') && status === '201') {
    headers.Location = header('The address of the new key (`/v1/api-keys/{keyId}`).');
  }
  if (operationId === 'createPet' && status === '201') {
    headers.Location = header('The address of the new animal.');
    headers['Idempotent-Replayed'] = header(
      `\`true\` when this is the stored answer to an earlier request with the same Idempotency-Key (kept ${IDEMPOTENCY_WINDOW_HOURS} h).`,
    );
  }
  if (operationId === 'getPet') Object.assign(headers, DEPRECATED);
  return headers;
}
