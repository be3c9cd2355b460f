import cors from 'cors';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Helmet's defaults with two changes: the API may be called from the configured base addresses (the admin app's
 * environment switch), and no upgrade-insecure-requests, which would break a store served over plain HTTP on
 * loopback or behind a TLS-terminating proxy.
 */
export function securityHeaders(apiOrigins: readonly string[]): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        'connect-src': ["'self'", ...apiOrigins],
        'upgrade-insecure-requests': null,
      },
    },
  });
}

/** Headers a browser client must be allowed to read: pagination, creation, deprecation and tracing. */
const EXPOSED_HEADERS = ['Link', 'Location', 'Deprecation', 'Sunset', 'X-Request-Id', 'Retry-After'];

/** CORS for the API, closed unless origins are configured. */
export function corsForApi(allowedOrigins: readonly string[]): RequestHandler {
  if (allowedOrigins.length === 0) return (_req, _res, next) => next();
  return cors({
    origin: [...allowedOrigins],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
}
