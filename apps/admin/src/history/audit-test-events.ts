import type { AuditEvent } from '@animal-store/contract';

/** An audit event as the store sends it, for the screen's component tests. */
export function auditEvent(id: number, fields: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id,
    at: '2026-11-26T22:30:00.000Z',
    action: 'api_key.rotated',
    outcome: 'done',
    code: null,
    actor: { type: 'key', keyId: '2', name: 'admin browser' },
    keyId: 3,
    successorId: 9,
    requestId: `req-${id}`,
    clientAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    previousHash: '0'.repeat(64),
    hash: `${'ab'.repeat(31)}${String(id).padStart(2, '0')}`,
    ...fields,
  };
}
