import { createHash } from 'node:crypto';
import { expect } from 'vitest';

/**
 * The security headers every API answer of the store carries, with their values (but `Cache-Control` on the
 * catalogue's answers: CATALOGUE below); Helmet writes the CSP's directives without the space after `;`, which means
 * the same.
 */
export const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** Headers of the contract, of rate limiting (each library its own spelling) and of HTTP itself. */
const KNOWN_HEADERS = new Set([
  ...Object.keys(SECURITY_HEADERS),
  'etag',
  'link',
  'location',
  'deprecation',
  'sunset',
  'www-authenticate',
  'retry-after',
  'x-request-id',
  'ratelimit',
  'ratelimit-policy',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
]);

/**
 * The rate limit an answer announces: the IETF draft-7 `RateLimit` header (the store, express-rate-limit) or the
 * draft's separate `RateLimit-Limit`, `-Remaining` and `-Reset` (@fastify/rate-limit); null without either.
 */
function rateLimitOf(headers: Headers): { limit: number; remaining: number; reset: number } | null {
  const combined = headers.get('ratelimit');
  if (combined !== null) {
    const [, limit, remaining, reset] = /^limit=(\d+), remaining=(\d+), reset=(\d+)$/.exec(combined) ?? [];
    return { limit: Number(limit), remaining: Number(remaining), reset: Number(reset) };
  }
  const limit = headers.get('ratelimit-limit');
  if (limit === null) return null;
  return {
    limit: Number(limit),
    remaining: Number(headers.get('ratelimit-remaining')),
    reset: Number(headers.get('ratelimit-reset')),
  };
}

/** What a client sees of an answer, in one value, so that a test asserts status, body and headers together. */
export async function see(response: Response) {
  const text = await response.text();
  const headers = response.headers;
  return {
    status: response.status,
    contentType: headers.get('content-type'),
    body: text === '' ? text : (JSON.parse(text) as unknown),
    etag: headers.get('etag'),
    link: headers.get('link'),
    location: headers.get('location'),
    deprecation: headers.get('deprecation'),
    sunset: headers.get('sunset'),
    wwwAuthenticate: headers.get('www-authenticate'),
    retryAfter: headers.get('retry-after'),
    rateLimit: rateLimitOf(headers),
    requestId: headers.get('x-request-id'),
    security: {
      ...Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, headers.get(name)])),
      'content-security-policy': headers.get('content-security-policy')?.replaceAll('; ', ';') ?? null,
    },
    otherHeaders: [...headers.keys()].filter((name) => !KNOWN_HEADERS.has(name)),
  };
}

export type SeenAnswer = Awaited<ReturnType<typeof see>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The deprecation headers of every getPet answer. */
export const DEPRECATED = {
  deprecation: '@1795305600',
  sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
  link: '</v1/pets>; rel="successor-version"',
};

/**
 * An API answer as the contract describes it: JSON, a request id, the security headers and nothing unknown; after
 * authentication, the key's rate limit with `limit`. `expected` names what differs from an answer with no paging,
 * creation, deprecation, challenge or retry header.
 */
export function anAnswer(
  status: number,
  body: unknown,
  expected: Partial<Omit<SeenAnswer, 'status' | 'body'>> & { limit?: number | null },
) {
  const { limit = null, ...headers } = expected;
  return {
    status,
    contentType: 'application/json; charset=utf-8',
    body,
    etag: null,
    link: null,
    location: null,
    deprecation: null,
    sunset: null,
    wwwAuthenticate: null,
    retryAfter: null,
    rateLimit: limit === null ? null : { limit, remaining: expect.any(Number), reset: expect.any(Number) },
    requestId: expect.stringMatching(UUID),
    security: SECURITY_HEADERS,
    otherHeaders: [],
    ...headers,
  };
}

/** The Error body with its code; its message is each contender's own words. */
export const anError = (status: number, code: string) => ({
  code,
  message: expect.stringMatching(/\S/),
  status,
});

/** The store's strong tag of a body as sent: `"` + base64url SHA-1 of its bytes + `"`. */
export const tagOf = (bytes: string) => `"${createHash('sha1').update(bytes).digest('base64url')}"`;

/** What listPets' and getPet's 200s and 304s carry besides: a strong tag, and a cache that asks before reuse. */
export const CATALOGUE = {
  etag: expect.stringMatching(/^"[\w-]{27}"$/),
  security: { ...SECURITY_HEADERS, 'cache-control': 'private, no-cache' },
};

/** A 304: no body and no content type, the 200's tag and the catalogue's headers. */
export const notModified = (etag: string, expected: Parameters<typeof anAnswer>[2]) =>
  anAnswer(304, '', { ...CATALOGUE, contentType: null, etag, ...expected });
