import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../database/schema.js';
import type { AuditFact } from './audit-chain.js';
import { lastsAsManager, type Manager, usableFrom } from './key-managers.js';
import { encodeNetworks } from './key-policy-columns.js';
import { keyState } from './key-state.js';
import type { StoredApiKey } from './stored-api-key.js';

/** What updateApiKey may change; a field left out stays as it is, null removes a limit or a network list. */
export interface KeyChanges {
  name?: string;
  rateLimitPerMinute?: number | null;
  allowedNetworks?: readonly string[] | null;
}

export type KeyUpdate =
  /** `changed`: false when every field given already held, and nothing was written. */
  | { kind: 'updated'; key: StoredApiKey; changed: boolean }
  | { kind: 'not_found' }
  | { kind: 'inactive'; key: StoredApiKey }
  /** The change would leave no manager that lasts and may be used from the address asking. */
  | { kind: 'last_manager' };

const sameNetworks = (a: readonly string[] | null, b: readonly string[] | null) =>
  encodeNetworks(a) === encodeNetworks(b);

/**
 * Decides and writes one change, in the caller's transaction, `managers` locked by it (none when no manager need
 * be kept). A key that counted as a manager usable from `from` must still count after the change, or another
 * must: a change to any other key cannot take a manager away.
 */
export async function updateKey(
  transaction: Kysely<DatabaseSchema>,
  {
    key,
    changes,
    managers,
    from,
    now,
  }: {
    key: StoredApiKey | undefined;
    changes: KeyChanges;
    managers: readonly Manager[];
    from: string | null;
    now: string;
  },
): Promise<KeyUpdate> {
  if (!key) return { kind: 'not_found' };
  if (keyState(key, now) !== 'active') return { kind: 'inactive', key };
  const changed: StoredApiKey = {
    ...key,
    name: changes.name ?? key.name,
    rateLimitPerMinute:
      changes.rateLimitPerMinute === undefined ? key.rateLimitPerMinute : changes.rateLimitPerMinute,
    allowedNetworks:
      changes.allowedNetworks === undefined
        ? key.allowedNetworks
        : changes.allowedNetworks && [...changes.allowedNetworks],
  };
  const counts = (manager: Manager) => lastsAsManager(manager, now) && usableFrom(manager, from);
  const before = managers.find((manager) => manager.id === key.id);
  if (before && counts(before)) {
    const after = { ...before, allowedNetworks: changed.allowedNetworks };
    const othersCounting = managers.some((manager) => manager.id !== key.id && counts(manager));
    if (!counts(after) && !othersCounting) return { kind: 'last_manager' };
  }
  if (
    changed.name === key.name &&
    changed.rateLimitPerMinute === key.rateLimitPerMinute &&
    sameNetworks(changed.allowedNetworks, key.allowedNetworks)
  ) {
    return { kind: 'updated', key, changed: false };
  }
  await transaction
    .updateTable('api_keys')
    .set({
      name: changed.name,
      rate_limit_per_minute: changed.rateLimitPerMinute,
      allowed_networks: encodeNetworks(changed.allowedNetworks),
    })
    .where('id', '=', key.id)
    .execute();
  return { kind: 'updated', key: changed, changed: true };
}

/** An update's event, with the code its refusal is answered with; none for a change that changed nothing. */
export function updateFact(id: number, outcome: KeyUpdate, at: string): AuditFact | undefined {
  if (outcome.kind === 'updated' && !outcome.changed) return undefined;
  const code = {
    updated: null,
    not_found: 'api_key_not_found',
    inactive: 'api_key_inactive',
    last_manager: 'last_key_manager',
  }[outcome.kind];
  return { action: 'api_key.updated', outcome: code ? 'refused' : 'done', code, keyId: id, at };
}
