import type { Request } from 'express';

/** The address a request is counted and logged under. */
export type ClientAddress = (req: Pick<Request, 'ip' | 'socket'>) => string;

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

/**
 * Whether the peer itself is one of the TRUST_PROXY proxies (Express's compiled `trust proxy` check, asked of the
 * nearest hop only). Nobody is trusted when no proxy is configured.
 */
export function trustedPeerReader(behindTrustedProxies: boolean): (req: Request) => boolean {
  if (!behindTrustedProxies) return () => false;
  return (req) => {
    const trusts = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
    return trusts(req.socket.remoteAddress ?? '', 0);
  };
}
