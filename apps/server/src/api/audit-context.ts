import type { AuditAction } from '@animal-store/contract';
import type { Request, Response } from 'express';
import type { ClientAddress } from '../http/client-address.js';
import { requestContext } from '../http/request-context.js';
import type { ApiClient } from '../keys/key-verifier.js';
import type { AuditActor, AuditContext } from '../store/audit-chain.js';
import type { AuditLog } from '../store/audit-log.js';

/** The audit log's name for an authenticated client: its key, stored or configured, with the name it has now. */
export const actorOf = (client: ApiClient): AuditActor => ({
  type: client.storedId === undefined ? 'configured_key' : 'key',
  keyId: client.keyId,
  name: client.name,
});

/** Who asks, and from where, as the audit log records it: the request id, and the address the log names. */
export type AuditContextOf = (req: Pick<Request, 'headers' | 'ip' | 'socket'>, res: Response) => AuditContext;

export function auditContextReader(clientAddress: ClientAddress): AuditContextOf {
  return (req, res) => {
    const { client, requestId } = requestContext(res);
    if (!client) throw new Error('an audited operation ran without an authenticated client');
    return {
      actor: actorOf(client),
      requestId,
      clientAddress: clientAddress(req),
      userAgent: req.headers['user-agent'] ?? null,
    };
  };
}

/**
 * Records a key operation refused for want of a scope, before the 403 is sent: an authenticated key probing key
 * management is what an admin asks about after an incident. (An unauthenticated 401 is not recorded: anyone could
 * fill the table with them; the log and the metrics count those.)
 */
export function scopeRefusalRecorder(auditLog: AuditLog, contextOf: AuditContextOf) {
  return async (req: Request, res: Response, action: AuditAction): Promise<void> => {
    // Unvalidated yet: a key id only when it is one.
    const keyId = /^[1-9][0-9]{0,15}$/.exec(String(req.params.keyId))?.[0];
    await auditLog.record(contextOf(req, res), {
      action,
      outcome: 'refused',
      code: 'insufficient_scope',
      keyId: keyId === undefined ? null : Number(keyId),
    });
  };
}
