import cors from 'cors';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { type HeaderBlock, type HeaderList, headersOneByOne } from './header-block.js';

/** Sets headers that depend only on configuration: worked out once, then copied onto each response. */
function fixedHeaders(headers: HeaderList, block: HeaderBlock): RequestHandler {
  const setHeaders = block(headers);
  return (_req, res, next) => {
    setHeaders(res);
    next();
  };
}

/**
 * For the pages (admin app, API docs): Helmet's defaults with two changes: the API may be called from the
 * configured base addresses (the admin app's environment switch), and no upgrade-insecure-requests, which would
 * break a store served over plain HTTP on loopback or behind a TLS-terminating proxy.
 */
export function documentSecurityHeaders(
  apiOrigins: readonly string[],
  block: HeaderBlock = headersOneByOne,
): RequestHandler {
  const configured = helmet({
    contentSecurityPolicy: {
      directives: {
        'connect-src': ["'self'", ...apiOrigins],
        'upgrade-insecure-requests': null,
      },
    },
  });
  // Helmet's headers depend only on its options, so they are recorded once: a dozen middleware calls per request
  // were a tenth of the cost of a list request.
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => {},
  };
  configured({} as never, recorder as never, () => {});
  return fixedHeaders(headers, block);
}

/**
 * The headers OWASP's REST Security Cheat Sheet asks of an API. Helmet's other headers
 * (DNS prefetching, download and cross-domain policies, the XSS auditor, origin clustering, opener policy) govern
 * how a browser treats a document and mean nothing for JSON; they made the headers of a list answer 952 bytes
 * instead of 558.
 */
const API_SECURITY_HEADERS: HeaderList = [
  // Answers carry the catalogue and API keys: no browser or shared cache may keep them. Settled answers of the
  // catalogue say otherwise (api/conditional-answers.ts).
  ['Cache-Control', 'no-store'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'no-referrer'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

/** For the JSON API: its security headers, set by `block`. */
export const apiSecurityHeaders = (block: HeaderBlock = headersOneByOne): RequestHandler =>
  fixedHeaders(API_SECURITY_HEADERS, block);

/**
 * Headers a browser client on another origin must be allowed to read: paging, creation (and whether it was a replay),
 * deprecation, tracing and the limits, as the OpenAPI document declares them. A header left out here reads as null
 * in the browser: a replayed create would look new.
 */
const EXPOSED_HEADERS = [
  'ETag',
  'Link',
  'Location',
  'Idempotent-Replayed',
  'Deprecation',
  'Sunset',
  'X-Request-Id',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
];

/**
 * CORS for the API, closed unless origins are configured: then no step at all, since every Express layer a request
 * passes costs it, even one that only calls `next()`.
 */
export function corsForApi(allowedOrigins: readonly string[]): RequestHandler[] {
  if (allowedOrigins.length === 0) return [];
  return [
    cors({
      origin: [...allowedOrigins],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match'],
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: 600,
    }),
  ];
}
