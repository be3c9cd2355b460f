import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditCanonicalForm } from './audit-canonical-form.js';
import { type AuditEvent, AuditEventSchema } from './audit-event-schemas.js';
import { OPERATION_EXAMPLES } from './openapi-examples.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the canonical form of an audit event', () => {
  const [rotation, creation] = AuditEventSchema.array().parse(OPERATION_EXAMPLES.listAuditEvents.answer) as [
    AuditEvent,
    AuditEvent,
  ];

  it('is a JSON array of the fields in their documented order, previous hash first', () => {
    expect(JSON.parse(auditCanonicalForm(rotation))).toStrictEqual([
      rotation.previousHash,
      318,
      '2027-05-02T08:30:00.125Z',
      'api_key.rotated',
      'done',
      null,
      'key',
      '3',
      'ops-admin',
      7,
      12,
      '6f1d1c52-4c1e-4f51-a0a4-2b7e0c3d9f10',
      '203.0.113.24',
      'animal-store-cli/1.4.0',
    ]);
  });

  it("gives the document's example events their true hashes, each chained to the one before", () => {
    expect(sha256(auditCanonicalForm(creation))).toBe(creation.hash);
    expect(rotation.previousHash).toBe(creation.hash);
    expect(sha256(auditCanonicalForm(rotation))).toBe(rotation.hash);
  });

  it('changes with every field, so that no edit keeps the hash', () => {
    const edits: Partial<AuditEvent>[] = [
      { id: 319 },
      { at: '2027-05-02T08:30:00.126Z' },
      { outcome: 'refused' },
      { actor: { ...rotation.actor, name: 'someone else' } },
      { clientAddress: '198.51.100.7' },
      { previousHash: '0'.repeat(64) },
    ];
    for (const edit of edits) {
      expect(auditCanonicalForm({ ...rotation, ...edit })).not.toBe(auditCanonicalForm(rotation));
    }
  });
});
