import { API_KEY_SCOPES, type ApiKeyScope } from '@animal-store/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../database/database.js';
import type { ApiKeysTable, DatabaseSchema } from '../database/schema.js';
import { storedInstant } from '../database/stored-instant.js';
import { displayPrefix, generateApiKey, hashApiKey } from '../keys/api-key.js';
import type { AuditContext, AuditFact } from './audit-chain.js';
import { AuditLog, SERVER_ITSELF } from './audit-log.js';
import { lastsAsManager, lockActiveManagers } from './key-managers.js';
import { decodeNetworks, encodeNetworks } from './key-policy-columns.js';
import { activeAt, keyState } from './key-state.js';
import type { StoredApiKey } from './stored-api-key.js';

export type { StoredApiKey };

import { type KeyChanges, type KeyUpdate, updateFact, updateKey } from './key-update.js';

export interface IssuedApiKey extends StoredApiKey {
  /** The key itself: shown once, never stored. */
  key: string;
}

export interface KeySettings {
  /** Every scope when not given: the keys made before scopes existed could do everything. */
  scopes?: readonly ApiKeyScope[];
  /** ISO 8601 in UTC; none for a key that does not expire. */
  expiresAt?: string | null;
  /** The key a rotation replaces with this one. */
  replacesId?: number;
  /** The key's policy; none for the server's defaults. */
  rateLimitPerMinute?: number | null;
  allowedNetworks?: readonly string[] | null;
}

export type Revocation =
  /** `already`: it was revoked before this call, which changed nothing. */
  | { kind: 'revoked'; key: StoredApiKey; already: boolean }
  | { kind: 'not_found' }
  /** The key is the last active stored key that may manage keys, and the caller asked to keep one. */
  | { kind: 'last_manager' };

export type Rotation =
  | { kind: 'rotated'; successor: IssuedApiKey; predecessor: StoredApiKey }
  | { kind: 'not_found' }
  | { kind: 'inactive'; key: StoredApiKey }
  /** Rotated before: its successor holds the key's policy now, and is what to rotate. */
  | { kind: 'rotated_already'; key: StoredApiKey };

const HOUR_MS = 60 * 60 * 1000;

/** Stored API keys, kept only as SHA-256 digests. */
export class ApiKeyRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: Dialect,
    /** Where every change, and every refusal the repository decides, is recorded with it (audit-log.ts). */
    private readonly audit = new AuditLog(db),
  ) {}

  async create(
    name: string,
    settings: KeySettings = {},
    by: AuditContext = SERVER_ITSELF,
  ): Promise<IssuedApiKey> {
    return this.audit.change(
      by,
      async (transaction) => {
        // Any key counts as the first for the milestone: a key made by hand before a start-up is not followed by another.
        await reachFirstKeyMilestone(transaction);
        return insertKey(transaction, name, settings);
      },
      creationFact,
    );
  }

  /**
   * Creates the store's first key, with every scope, if the database has never held one: once in its life, across
   * instances starting together (the milestone's primary key decides). Undefined when a key was issued before, even
   * if every key has since been revoked: a store whose keys were withdrawn stays closed.
   */
  async createFirst(name: string, by: AuditContext = SERVER_ITSELF): Promise<IssuedApiKey | undefined> {
    return this.audit.change(
      by,
      async (transaction) =>
        (await reachFirstKeyMilestone(transaction)) ? insertKey(transaction, name) : undefined,
      (key) => key && creationFact(key),
    );
  }

  /** Every key, newest first. */
  async list(): Promise<StoredApiKey[]> {
    const rows = await this.db.selectFrom('api_keys').selectAll().orderBy('id', 'desc').execute();
    return rows.map(toStoredApiKey);
  }

  async findById(id: number): Promise<StoredApiKey | undefined> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toStoredApiKey(row);
  }

  /** The key with that digest, whatever its state: the caller tells an expired key from an unknown one. */
  async findByHash(keyHash: string): Promise<StoredApiKey | undefined> {
    const row = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('key_hash', '=', keyHash)
      .executeTakeFirst();
    return row && toStoredApiKey(row);
  }

  /**
   * Revokes a key; revoking a revoked key changes nothing and is no error. With `keepAManager`, nothing changes when
   * the revocation would leave no active stored key that may manage keys and lasts (`lastsAsManager`): a store with
   * no manager left is locked out, and a manager that is about to stop (rotated, or expiring within
   * LASTING_MANAGER_HOURS) would leave it so soon after. The active managers are locked first, so that two managers
   * revoking each other (or themselves) at the same moment, on any instance, are decided one after the other and the
   * second sees what the first did.
   */
  async revoke(
    id: number,
    options: { keepAManager?: boolean; now?: string } = {},
    by: AuditContext = SERVER_ITSELF,
  ): Promise<Revocation> {
    const now = storedInstant(options.now ?? Date.now());
    return this.audit.change(
      by,
      async (transaction): Promise<Revocation> => {
        const managers = options.keepAManager ? await lockActiveManagers(transaction, this.dialect, now) : [];
        const key = await new ApiKeyRepository(transaction, this.dialect).findById(id);
        if (!key) return { kind: 'not_found' };
        if (key.revokedAt !== null) return { kind: 'revoked', key, already: true };
        const othersStaying = managers.filter((manager) => manager.id !== id && lastsAsManager(manager, now));
        if (managers.some((manager) => manager.id === id) && othersStaying.length === 0) {
          return { kind: 'last_manager' };
        }
        await transaction.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).execute();
        return { kind: 'revoked', key: { ...key, revokedAt: now }, already: false };
      },
      (outcome) => revocationFact(id, outcome, now),
    );
  }

  /**
   * Makes a key's successor, with its name, scopes, expiry and policy (a rotation replaces the secret, not the policy), and
   * has the old key expire after the overlap (never later than it already would). A key is rotated once: the
   * conditional update that marks it is the one decision, so that of simultaneous rotations, on any instance,
   * exactly one makes a successor and the others find the key rotated.
   */
  async rotate(
    id: number,
    overlapHours: number,
    nowMs = Date.now(),
    by: AuditContext = SERVER_ITSELF,
  ): Promise<Rotation> {
    const now = storedInstant(nowMs);
    return this.audit.change(
      by,
      async (transaction): Promise<Rotation> => {
        const marked = await transaction
          .updateTable('api_keys')
          .set({ rotated_at: now })
          .where('id', '=', id)
          .where('rotated_at', 'is', null)
          .where(activeAt(now))
          .executeTakeFirst();
        // Read after the mark: once marked, no other rotation can change the row's expiry under this one.
        const key = await new ApiKeyRepository(transaction, this.dialect).findById(id);
        if (!key) return { kind: 'not_found' };
        if (marked.numUpdatedRows === 0n) {
          return keyState(key, now) === 'active'
            ? { kind: 'rotated_already', key }
            : { kind: 'inactive', key };
        }
        const overlapEnd = storedInstant(nowMs + overlapHours * HOUR_MS);
        const oldExpiry = key.expiresAt !== null && key.expiresAt < overlapEnd ? key.expiresAt : overlapEnd;
        await transaction
          .updateTable('api_keys')
          .set({ expires_at: oldExpiry })
          .where('id', '=', id)
          .execute();
        const successor = await insertKey(transaction, key.name, {
          scopes: key.scopes,
          expiresAt: key.expiresAt,
          replacesId: id,
          rateLimitPerMinute: key.rateLimitPerMinute,
          allowedNetworks: key.allowedNetworks,
        });
        return { kind: 'rotated', successor, predecessor: { ...key, expiresAt: oldExpiry, rotatedAt: now } };
      },
      (outcome) => rotationFact(id, outcome, now),
    );
  }

  /**
   * Changes an active key's name or policy. With `keepAManager`, nothing changes when the change would leave no
   * active stored key that may manage keys, lasts, and may be used from `from` (the address asking; null for an
   * operator on the server, who needs a manager usable from somewhere): a network list must not lock every manager
   * out. The managers are locked first, as a revocation locks them.
   */
  async update(
    id: number,
    changes: KeyChanges,
    options: { keepAManager: boolean; from: string | null; now?: string },
    by: AuditContext = SERVER_ITSELF,
  ): Promise<KeyUpdate> {
    const now = storedInstant(options.now ?? Date.now());
    return this.audit.change(
      by,
      async (transaction) => {
        const managers = options.keepAManager ? await lockActiveManagers(transaction, this.dialect, now) : [];
        const key = await new ApiKeyRepository(transaction, this.dialect).findById(id);
        return updateKey(transaction, { key, changes, managers, from: options.from, now });
      },
      (outcome) => updateFact(id, outcome, now),
    );
  }

  /** Records when a key was last used; called at most once a minute per key (keys/key-usage.ts). */
  async recordUse(id: number, at: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: storedInstant(at) })
      .where('id', '=', id)
      .execute();
  }

  /** Records when a key last called a deprecated operation; as rare as `recordUse`. */
  async recordDeprecatedCall(id: number, at: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ deprecated_call_at: storedInstant(at) })
      .where('id', '=', id)
      .execute();
  }

  async countActive(now = new Date().toISOString()): Promise<number> {
    const row = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(activeAt(storedInstant(now)))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

const creationFact = (key: IssuedApiKey): AuditFact => ({
  action: 'api_key.created',
  outcome: 'done',
  code: null,
  keyId: key.id,
  at: key.createdAt,
});

/** A revocation's event, with the code its refusal is answered with; none for a revoked key revoked again. */
function revocationFact(id: number, outcome: Revocation, at: string): AuditFact | undefined {
  if (outcome.kind === 'revoked' && outcome.already) return undefined;
  const code = { revoked: null, not_found: 'api_key_not_found', last_manager: 'last_key_manager' }[
    outcome.kind
  ];
  return { action: 'api_key.revoked', outcome: code ? 'refused' : 'done', code, keyId: id, at };
}

function rotationFact(id: number, outcome: Rotation, at: string): AuditFact {
  const code = {
    rotated: null,
    not_found: 'api_key_not_found',
    inactive: 'api_key_inactive',
    rotated_already: 'api_key_rotated',
  }[outcome.kind];
  const successorId = outcome.kind === 'rotated' ? outcome.successor.id : null;
  return { action: 'api_key.rotated', outcome: code ? 'refused' : 'done', code, keyId: id, successorId, at };
}

function toStoredApiKey(row: Selectable<ApiKeysTable>): StoredApiKey {
  return {
    id: Number(row.id),
    name: row.name,
    prefix: row.key_prefix,
    scopes: row.scopes
      .split(' ')
      .filter((scope): scope is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(scope)),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    deprecatedCallAt: row.deprecated_call_at,
    revokedAt: row.revoked_at,
    rotatedAt: row.rotated_at,
    replacesId: row.replaces_id === null ? null : Number(row.replaces_id),
    rateLimitPerMinute: row.rate_limit_per_minute === null ? null : Number(row.rate_limit_per_minute),
    allowedNetworks: decodeNetworks(row.allowed_networks),
  };
}

/** Records that the store has issued a key; true when this call is the one that did, first. */
async function reachFirstKeyMilestone(db: Kysely<DatabaseSchema>): Promise<boolean> {
  const reached = await db
    .insertInto('store_milestones')
    .values({ name: 'first_key_issued', reached_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .executeTakeFirst();
  return Boolean(reached.numInsertedOrUpdatedRows);
}

async function insertKey(
  db: Kysely<DatabaseSchema>,
  name: string,
  settings: KeySettings = {},
): Promise<IssuedApiKey> {
  const key = generateApiKey();
  const createdAt = storedInstant(Date.now());
  // In the order API_KEY_SCOPES lists them, each once, whatever order the caller gave.
  const scopes = API_KEY_SCOPES.filter((scope) => settings.scopes?.includes(scope) ?? true);
  const expiresAt = settings.expiresAt == null ? null : storedInstant(settings.expiresAt);
  const rateLimitPerMinute = settings.rateLimitPerMinute ?? null;
  const allowedNetworks = settings.allowedNetworks == null ? null : [...settings.allowedNetworks];
  const row = await db
    .insertInto('api_keys')
    .values({
      name,
      key_hash: hashApiKey(key),
      key_prefix: displayPrefix(key),
      created_at: createdAt,
      revoked_at: null,
      scopes: scopes.join(' '),
      expires_at: expiresAt,
      last_used_at: null,
      deprecated_call_at: null,
      rotated_at: null,
      replaces_id: settings.replacesId ?? null,
      rate_limit_per_minute: rateLimitPerMinute,
      allowed_networks: encodeNetworks(allowedNetworks),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: Number(row.id),
    name,
    prefix: displayPrefix(key),
    scopes,
    createdAt,
    expiresAt,
    lastUsedAt: null,
    deprecatedCallAt: null,
    revokedAt: null,
    rotatedAt: null,
    replacesId: settings.replacesId ?? null,
    rateLimitPerMinute,
    allowedNetworks,
    key,
  };
}
