import { describe, expect, it } from 'vitest';
import { auditEvent } from './audit-test-events';
import { eventSentence, keyNamesOf, sentenceText } from './audit-words';

const names = keyNamesOf([
  {
    id: 3,
    name: 'ci pipeline',
    prefix: 'as_Ab12Cd',
    scopes: ['pets:read'],
    state: 'active',
    configured: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    expiresAt: null,
    lastUsedAt: null,
    deprecatedCallAt: null,
    revokedAt: null,
    rotatedAt: null,
    replaces: null,
    rateLimitPerMinute: null,
    allowedNetworks: null,
  },
]);
const said = (...args: Parameters<typeof auditEvent>) =>
  sentenceText(eventSentence(auditEvent(...args), names));

describe('an audit event in plain words', () => {
  it('says who did what to which key, by the names the Keys screen uses, and what a rotation made', () => {
    expect(said(1)).toBe('admin browser rotated “ci pipeline” (as_Ab12Cd…), replaced by key 9');
    expect(said(2, { action: 'api_key.revoked', successorId: null })).toBe(
      'admin browser revoked “ci pipeline” (as_Ab12Cd…)',
    );
    expect(said(8, { action: 'api_key.updated', successorId: null })).toBe(
      'admin browser changed “ci pipeline” (as_Ab12Cd…)',
    );
    expect(
      said(9, { action: 'api_key.updated', outcome: 'refused', code: 'last_key_manager', successorId: null }),
    ).toBe('admin browser tried to change “ci pipeline” (as_Ab12Cd…), and was refused');
    // A key the list does not hold is named by its id.
    expect(said(3, { action: 'api_key.created', keyId: 12, successorId: null })).toBe(
      'admin browser created key 12',
    );
  });

  it('says what was tried when the store refused it, never what a refusal did not make', () => {
    expect(said(4, { outcome: 'refused', code: 'api_key_inactive', successorId: null })).toBe(
      'admin browser tried to rotate “ci pipeline” (as_Ab12Cd…), and was refused',
    );
    expect(
      said(5, {
        action: 'audit_events.listed',
        outcome: 'refused',
        code: 'insufficient_scope',
        keyId: null,
        successorId: null,
      }),
    ).toBe('admin browser tried to read the history, and was refused');
  });

  it('names a configured key and an operator as such', () => {
    expect(
      said(6, { actor: { type: 'configured_key', keyId: 'env-1', name: 'API_KEYS #1' }, successorId: null }),
    ).toBe('API_KEYS #1 (API_KEYS) rotated “ci pipeline” (as_Ab12Cd…)');
    expect(
      said(7, {
        action: 'store.restored',
        actor: { type: 'operator', keyId: null, name: 'data restore by alice' },
        keyId: null,
        successorId: null,
      }),
    ).toBe('the operator (data restore by alice) restored the store from a backup');
  });
});
