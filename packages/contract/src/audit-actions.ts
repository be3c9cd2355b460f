/**
 * What an audit event records. A key change is `api_key.*`; the lists are recorded only when refused (a key without
 * `keys:manage` probing key management), since a read changes nothing; a store loaded by `data restore` or
 * `data copy` starts its new history with `store.*`.
 */
export const AUDIT_ACTIONS = [
  'api_key.created',
  'api_key.rotated',
  'api_key.revoked',
  'api_key.updated',
  'api_keys.listed',
  'audit_events.listed',
  'store.restored',
  'store.copied',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** `done`: the change was made; `refused`: it was not, and the event carries the error code the caller got. */
export const AUDIT_OUTCOMES = ['done', 'refused'] as const;

export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Who acted: a stored key, a key of the server's `API_KEYS` setting, or an operator's command on the server. */
export const AUDIT_ACTOR_TYPES = ['key', 'configured_key', 'operator'] as const;

export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** The previous hash of a chain's first event: nothing came before it. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);
