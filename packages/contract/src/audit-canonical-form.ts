import type { AuditEvent } from './audit-event-schemas.js';

/**
 * The text an audit event's `hash` is the SHA-256 of: a JSON array of its fields in this fixed order, as
 * `JSON.stringify` (and `jq -c`) writes it, in UTF-8. An array rather than an object, so that no tool's key order can
 * change it; `previousHash` first, so that each hash covers the whole chain before it. docs/keys.md gives the same
 * recipe for an auditor.
 */
export function auditCanonicalForm(event: Omit<AuditEvent, 'hash'>): string {
  return JSON.stringify([
    event.previousHash,
    event.id,
    event.at,
    event.action,
    event.outcome,
    event.code,
    event.actor.type,
    event.actor.keyId,
    event.actor.name,
    event.keyId,
    event.successorId,
    event.requestId,
    event.clientAddress,
    event.userAgent,
  ]);
}
