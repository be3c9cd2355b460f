import type { Request, RequestHandler } from 'express';
import { type Store as CounterStore, ipKeyGenerator, MemoryStore, type Options } from 'express-rate-limit';
import type { Logger } from 'pino';
import { sendError } from '../http/api-error.js';
import type { ClientAddress } from '../http/client-address.js';
import { requestContext } from '../http/request-context.js';
import { tellRequestEvent } from '../http/request-events.js';

const WINDOW_MS = 60_000;

export interface RateLimitOptions {
  /** A key's limit unless it has its own (`rateLimitPerMinute`). */
  requestsPerKeyPerMinute: number;
  authFailuresPerAddressPerMinute: number;
  /** The highest limit of its own a key may be given. */
  keyLimitMaxPerMinute: number;
  /** Counter store for a limiter by name (counter-stores.ts); in-process when undefined. */
  storeFor?: (name: string) => CounterStore;
}

const WINDOW_SECONDS = WINDOW_MS / 1000;

/** Distinct limits whose `RateLimit-Policy` text is kept; more are simply made again. */
const MAX_REMEMBERED_POLICIES = 1000;

/** A limiter's counters: the configured ones (Redis, the cluster primary), or express-rate-limit's in-process ones. */
function counterStore(options: RateLimitOptions, name: string): CounterStore {
  const store = options.storeFor?.(name) ?? new MemoryStore();
  store.init?.({ windowMs: WINDOW_MS } as Options);
  return store;
}

/**
 * Runs a counter-store operation, then `then` with its result; a store that fails counts as "no information". Redis
 * trouble never gets here (its store falls back to the instance's own counters); the cluster primary's counters
 * fail only with the primary, which takes the workers with it. The returned promise is the middleware's, so that
 * Express hears of anything `then` throws. One `then`, not nested awaits: each await is a turn of the microtask
 * queue on every request.
 */
function afterCounting<T>(
  operation: () => T | Promise<T>,
  then: (result: T | undefined) => void,
  onError?: (error: unknown) => void,
): Promise<void> {
  const failed = (error: unknown) => {
    onError?.(error);
    then(undefined);
  };
  try {
    return Promise.resolve(operation()).then(then, failed);
  } catch (error) {
    failed(error);
    return Promise.resolve();
  }
}

const secondsUntil = (resetTime: Date | undefined) =>
  Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + WINDOW_MS) - Date.now()) / 1000));

/**
 * Requests per API key, after authentication: one client cannot starve the others. A key's own limit replaces the
 * default, up or down; every counter store counts hits and this step compares, so the same counters serve any limit.
 * Every answer carries the IETF draft-7 `RateLimit` and `RateLimit-Policy` headers, with the key's limit. The
 * counting is express-rate-limit's (its in-process store, or rate-limit-redis shared by every instance); its
 * middleware wrapper is not used, because its per-request option handling (five awaits, a property definition, the
 * client address for a debug line) cost a tenth of a list request.
 */
export function perKeyRateLimit(options: RateLimitOptions, logger: Logger): RequestHandler {
  const defaultLimit = options.requestsPerKeyPerMinute;
  const store = counterStore(options, 'key');
  // The header's text by limit, made once for each limit keys have rather than once a request.
  const policies = new Map<number, string>();
  const policyOf = (limit: number) => {
    let policy = policies.get(limit);
    if (policy === undefined) {
      policy = `${limit};w=${WINDOW_SECONDS}`;
      if (policies.size >= MAX_REMEMBERED_POLICIES) policies.clear();
      policies.set(limit, policy);
    }
    return policy;
  };
  // A counter store that fails must not take the API down with it: requests pass, and are logged.
  const onStoreError = (error: unknown) =>
    logger.warn({ err: error }, 'rate-limit counter store failed; request allowed');
  return (_req, res, next) => {
    const client = requestContext(res).client;
    const limit = client?.rateLimitPerMinute ?? defaultLimit;
    return afterCounting(
      () => store.increment(client?.namespace ?? 'unauthenticated'),
      (counted) => {
        if (counted) {
          const reset = secondsUntil(counted.resetTime);
          res.setHeader('RateLimit-Policy', policyOf(limit));
          res.setHeader(
            'RateLimit',
            `limit=${limit}, remaining=${Math.max(0, limit - counted.totalHits)}, reset=${reset}`,
          );
          if (counted.totalHits > limit) {
            tellRequestEvent(res, { kind: 'rate_limited', limit: 'api_key', retryAfterSeconds: reset });
            res.setHeader('Retry-After', String(reset));
            sendError(res, 'rate_limited', `More than ${limit} requests a minute with this API key.`);
            return;
          }
        }
        next();
      },
      onStoreError,
    );
  };
}

/**
 * What `requireApiKey` reports a refused key to: it counts the failure and says, in the same step, whether the
 * address is now over its limit (the seconds until it may try again) or not (undefined).
 */
export type AuthenticationFailureRecorder = (req: Request) => Promise<number | undefined>;

export const TOO_MANY_FAILURES_MESSAGE = 'Too many failed authentication attempts from this address.';

/**
 * IPv6 addresses count by /56 network (express-rate-limit's ipKeyGenerator), as one client usually holds a whole
 * prefix; its address test is skipped for plain IPv4.
 */
const counterKeyOf = (address: string) => (address.includes(':') ? ipKeyGenerator(address) : address);

/**
 * Failed authentications per client address. Only a refused key counts, when it is refused: counting every
 * request up front (express-rate-limit's skipSuccessfulRequests) would block a busy, honest client whose
 * concurrent requests are all in flight at once. The count and the decision are one step (the counter's atomic
 * increment), so that a burst of bad keys gets no more 401s than the limit, however many workers share it. An
 * address over the limit gets 429 for every request, so that a guessed key cannot be confirmed either.
 */
export function failedAuthenticationLimit(
  options: RateLimitOptions,
  clientAddress: ClientAddress,
): {
  refuseBlockedAddress: RequestHandler;
  recordFailure: AuthenticationFailureRecorder;
} {
  const limit = options.authFailuresPerAddressPerMinute;
  const store = counterStore(options, 'auth');
  return {
    // Like the per-key limiter, a failing counter store lets requests through.
    refuseBlockedAddress: (req, res, next) =>
      afterCounting(
        () => store.get?.(counterKeyOf(clientAddress(req))),
        (failures) => {
          if (failures && failures.totalHits >= limit) {
            const retryAfterSeconds = secondsUntil(failures.resetTime);
            tellRequestEvent(res, {
              kind: 'rate_limited',
              limit: 'failed_authentication',
              retryAfterSeconds,
            });
            res.setHeader('Retry-After', String(retryAfterSeconds));
            sendError(res, 'rate_limited', TOO_MANY_FAILURES_MESSAGE);
            return;
          }
          next();
        },
      ),
    recordFailure: (req) =>
      new Promise((resolve) => {
        void afterCounting(
          () => store.increment(counterKeyOf(clientAddress(req))),
          (failures) =>
            resolve(failures && failures.totalHits > limit ? secondsUntil(failures.resetTime) : undefined),
        );
      }),
  };
}
