import type { ApiKeyScope } from '@animal-store/contract';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sendError } from '../http/api-error.js';
import type { ClientAddress } from '../http/client-address.js';
import { requestContext } from '../http/request-context.js';
import { tellRequestEvent } from '../http/request-events.js';
import type { KeyUsage } from '../keys/key-usage.js';
import type { KeyRefusal, KeyVerdict, KeyVerifier } from '../keys/key-verifier.js';
import { type AuthenticationFailureRecorder, TOO_MANY_FAILURES_MESSAGE } from '../limits/rate-limits.js';

/** The challenge of every 401 (RFC 6750 §3). */
export const BEARER_CHALLENGE = 'Bearer realm="animal-store"';

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

/** What a 401 says of the Authorization header, by why the key was refused. */
export const REFUSALS: Record<KeyRefusal | 'missing', string> = {
  missing: 'The Authorization header is missing or not of the form `Bearer <key>`.',
  unknown: 'The Authorization header is not a valid key.',
  expired: 'The API key has expired: ask an admin of the store for a new one.',
  revoked: 'The API key has been revoked: ask an admin of the store for a new one.',
};

/** The 403 of a key used from outside its networks: it names the address, never the ranges a thief could aim at. */
export const networkRefusal = (address: string) =>
  `This API key may not be used from ${address}: its allowed networks do not include that address.`;

/**
 * Every /v1 operation runs behind this: it answers 401 before any parsing or validation, so an unauthenticated
 * client learns nothing about the API. Keys are read from the Authorization header only, never from the query
 * string, where they would end up in logs and browser history. A key with `allowedNetworks` is then refused (403)
 * from any other address, as TRUST_PROXY decides it; such a request is not the key's use, nor spends its budget.
 */
export function requireApiKey(
  verifier: KeyVerifier,
  onRefused: AuthenticationFailureRecorder,
  usage: KeyUsage,
  clientAddress: ClientAddress,
): RequestHandler {
  const admit = (req: Request, res: Response, next: NextFunction, verdict: KeyVerdict | 'missing') => {
    if (typeof verdict === 'string') {
      // The failure is counted first: the answer is 401 only while the address is within its limit.
      return onRefused(req).then((retryAfterSeconds) => {
        if (retryAfterSeconds !== undefined) {
          tellRequestEvent(res, { kind: 'rate_limited', limit: 'failed_authentication', retryAfterSeconds });
          res.setHeader('Retry-After', String(retryAfterSeconds));
          sendError(res, 'rate_limited', TOO_MANY_FAILURES_MESSAGE);
          return;
        }
        res.setHeader('WWW-Authenticate', BEARER_CHALLENGE);
        sendError(res, 'unauthorized', REFUSALS[verdict]);
      });
    }
    // Known from here on, refused or not: the log and the usage counts name the key.
    requestContext(res).client = verdict;
    if (verdict.allowedNetworks) {
      const address = clientAddress(req);
      if (!verdict.allowedNetworks.allows(address)) {
        sendError(res, 'api_key_network_refused', networkRefusal(address));
        return undefined;
      }
    }
    usage.recordCall(verdict);
    next();
    return undefined;
  };
  return (req, res, next) => {
    const key = BEARER.exec(req.headers.authorization ?? '')?.[1];
    const verdict = key === undefined ? 'missing' : verifier.verify(key);
    // A known key is answered at once: the request goes on without waiting for a promise.
    // Returned, so that Express hears of a failure in the refusal.
    if (verdict instanceof Promise) return verdict.then((found) => admit(req, res, next, found), next);
    return admit(req, res, next, verdict);
  };
}

/**
 * An operation's scope, checked once the key is known and before its body is read: a key without it is answered
 * 403 (RFC 6750 §3.1), which tells the client that a key with more rights would be served.
 */
export function requireScope(
  scope: ApiKeyScope,
  operation: string,
  /** Records the refusal before it is answered (a key operation's: api/audit-context.ts). */
  recordRefusal?: (req: Request, res: Response) => Promise<void>,
): RequestHandler {
  const challenge = `Bearer error="insufficient_scope", scope="${scope}"`;
  const message = `This API key lacks the \`${scope}\` scope, which ${operation} needs.`;
  const refuse = (res: Response) => {
    res.setHeader('WWW-Authenticate', challenge);
    sendError(res, 'insufficient_scope', message);
  };
  return (req, res, next) => {
    if (requestContext(res).client?.scopes.has(scope)) return next();
    if (!recordRefusal) return refuse(res);
    // Returned, so that Express hears of a failure to record, which the error exit answers.
    return recordRefusal(req, res).then(() => refuse(res), next);
  };
}
