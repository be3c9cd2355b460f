import type { Request } from 'express';

/** The address a request is counted and logged under. */
export type ClientAddress = (req: Request) => string;

/**
 * Behind trusted proxies (TRUST_PROXY), Express's `req.ip`: the nearest address in `X-Forwarded-For` that a
 * trusted proxy vouches for. Otherwise the peer's address, which is what `req.ip` would say with no proxy trusted,
 * read without parsing `X-Forwarded-For` on every request.
 */
export function clientAddressReader(behindTrustedProxies: boolean): ClientAddress {
  return behindTrustedProxies
    ? (req) => req.ip ?? req.socket.remoteAddress ?? 'unknown'
    : (req) => req.socket.remoteAddress ?? 'unknown';
}
