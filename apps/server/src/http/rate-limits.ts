import type { RequestHandler } from 'express';
import { ipKeyGenerator, MemoryStore, type Options, rateLimit, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
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
  // The IETF draft-7 `RateLimit` and `RateLimit-Policy` headers; no legacy X-RateLimit-*. (Draft 8 adds a
  // partition key that costs a SHA-256 per request.)
  standardHeaders: 'draft-7',
  legacyHeaders: false,
  // A counter store that fails (Redis down) must not take the API down with it: requests pass, and are logged.
  passOnStoreError: true,
  // The configuration checks run on every request; they are for development, and the tests cover the setup.
  validate: false,
} as const;

/** Runs a counter-store operation; an unreachable store counts as "no information". */
async function failOpen<T>(operation: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await operation();
  } catch {
    return undefined;
  }
}

/** Requests per API key, after authentication: one client cannot starve the others. */
export function perKeyRateLimit(options: RateLimitOptions, logger: Logger): RequestHandler {
  return rateLimit({
    ...common,
    // Through the store's log rather than express-rate-limit's default, the console.
    logger: {
      error: (error, message) => logger.warn({ err: error }, message ?? 'rate limiter error'),
      warn: (error, message) => logger.warn({ err: error }, message ?? 'rate limiter warning'),
    },
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
 * Failed authentications per client address. Only a 401 counts, and only once it has been sent: counting every
 * request up front (express-rate-limit's skipSuccessfulRequests) would block a busy, honest client whose
 * concurrent requests are all in flight at once. An address over the limit gets 429 for every request, so that a
 * guessed key cannot be confirmed either.
 */
export function authFailureRateLimit(options: RateLimitOptions): RequestHandler {
  const limit = options.authFailuresPerAddressPerMinute;
  const store = options.storeFor?.('auth') ?? new MemoryStore();
  store.init?.({ windowMs: WINDOW_MS } as Options);
  return async (req, res, next) => {
    const address = ipKeyGenerator(req.ip ?? 'unknown');
    // Like the per-key limiter, a failing counter store lets requests through.
    const failures = await failOpen(() => store.get?.(address));
    if (failures && failures.totalHits >= limit) {
      const seconds = Math.ceil(
        ((failures.resetTime?.getTime() ?? Date.now() + WINDOW_MS) - Date.now()) / 1000,
      );
      res.setHeader('Retry-After', String(Math.max(1, seconds)));
      sendError(res, 'rate_limited', 'Too many failed authentication attempts from this address.');
      return;
    }
    res.on('finish', () => {
      if (res.statusCode === 401) void failOpen(() => store.increment(address));
    });
    next();
  };
}
