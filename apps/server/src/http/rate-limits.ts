import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { sendError } from './api-error.js';
import { apiClientOf } from './auth.js';

const WINDOW_MS = 60_000;

export interface RateLimitOptions {
  requestsPerKeyPerMinute: number;
  authFailuresPerAddressPerMinute: number;
  /** Counter store for a limiter by name; in-process when undefined. */
  storeFor?: (name: string) => Store;
}

const common = {
  windowMs: WINDOW_MS,
  // The IETF draft-8 `RateLimit` and `RateLimit-Policy` headers; no legacy X-RateLimit-*.
  standardHeaders: 'draft-8',
  legacyHeaders: false,
  // A counter store that fails (Redis down) must not take the API down with it: requests pass, and are logged.
  passOnStoreError: true,
} as const;

/** Requests per API key, after authentication: one client cannot starve the others. */
export function perKeyRateLimit(options: RateLimitOptions): RequestHandler {
  return rateLimit({
    ...common,
    limit: options.requestsPerKeyPerMinute,
    store: options.storeFor?.('key'),
    keyGenerator: (_req, res) => apiClientOf(res)?.scope ?? 'unauthenticated',
    handler: (_req, res) => {
      sendError(
        res,
        'rate_limited',
        `More than ${options.requestsPerKeyPerMinute} requests a minute with this API key.`,
      );
    },
  });
}

/**
 * Failed authentications per client address, before authentication: guessing keys gets slow, and only 401s count,
 * so a client with a valid key is never held back by its own successful requests.
 */
export function authFailureRateLimit(options: RateLimitOptions): RequestHandler {
  return rateLimit({
    ...common,
    limit: options.authFailuresPerAddressPerMinute,
    store: options.storeFor?.('auth'),
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.statusCode !== 401,
    handler: (_req, res) => {
      sendError(res, 'rate_limited', 'Too many failed authentication attempts from this address.');
    },
  });
}
