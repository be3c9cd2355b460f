import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '@animal-store/contract';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, DatabaseSchema } from '../database/schema.js';
import { displayPrefix, generateApiKey, hashApiKey } from '../keys/api-key.js';

/** A stored key as the store shows it: never the key, never its digest. Instants are ISO 8601 in UTC. */
export interface StoredApiKey {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  deprecatedCallAt: string | null;
  revokedAt: string | null;
}

export interface IssuedApiKey extends StoredApiKey {
  /** The key itself: shown once, never stored. */
  key: string;
}

export interface KeySettings {
  /** Every scope when not given: the keys made before scopes existed could do everything. */
  scopes?: readonly ApiKeyScope[];
  /** ISO 8601 in UTC; none for a key that does not expire. */
  expiresAt?: string | null;
}

export type Revocation =
  /** `already`: it was revoked before this call, which changed nothing. */
  | { kind: 'revoked'; key: StoredApiKey; already: boolean }
  | { kind: 'not_found' }
  /** The acting key asked to revoke itself while no other active key may manage keys. */
  | { kind: 'last_manager' };

export type Rotation =
  | { kind: 'rotated'; successor: IssuedApiKey; predecessor: StoredApiKey }
  | { kind: 'not_found' }
  | { kind: 'inactive'; key: StoredApiKey };

/**
 * Whether a key is accepted at `now` (`active`), and if not, why: it was `revoked`, or it is past its expiry.
 * Compared as instants: as text, a year written with six digits (`+010000-…`) would sort before `2027-…`.
 */
export function keyState(key: Pick<StoredApiKey, 'revokedAt' | 'expiresAt'>, now: string): ApiKey['state'] {
  if (key.revokedAt !== null) return 'revoked';
  return key.expiresAt === null || Date.parse(key.expiresAt) > Date.parse(now) ? 'active' : 'expired';
}

/**
 * `keyState(key, now) === 'active'`, as a condition on stored rows. Compared as text, which is time order for what
 * the store writes: `toISOString` of an instant within MAX_API_KEY_LIFETIME_DAYS, whose year has four digits.
 */
const activeAt = (now: string) => (eb: ExpressionBuilder<DatabaseSchema, 'api_keys'>) =>
  eb.and([eb('revoked_at', 'is', null), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])]);

const HOUR_MS = 60 * 60 * 1000;

/** Stored API keys, kept only as SHA-256 digests. */
export class ApiKeyRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async create(name: string, settings: KeySettings = {}): Promise<IssuedApiKey> {
    // Any key counts as the first for the milestone: a key made by hand before a start-up is not followed by another.
    await reachFirstKeyMilestone(this.db);
    return insertKey(this.db, name, settings);
  }

  /**
   * Creates the store's first key, with every scope, if the database has never held one: once in its life, across
   * instances starting together (the milestone's primary key decides). Undefined when a key was issued before, even
   * if every key has since been revoked: a store whose keys were withdrawn stays closed.
   */
  async createFirst(name: string): Promise<IssuedApiKey | undefined> {
    return this.db
      .transaction()
      .execute(async (transaction) =>
        (await reachFirstKeyMilestone(transaction)) ? insertKey(transaction, name) : undefined,
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
   * Revokes a key; revoking a revoked key changes nothing and is no error. When `actingKeyId` names the key itself
   * and no other active stored key may manage keys, nothing changes: a store with no manager left is locked out.
   */
  async revoke(id: number, options: { actingKeyId?: number; now?: string } = {}): Promise<Revocation> {
    const now = options.now ?? new Date().toISOString();
    return this.db.transaction().execute(async (transaction) => {
      const key = await new ApiKeyRepository(transaction).findById(id);
      if (!key) return { kind: 'not_found' };
      if (key.revokedAt !== null) return { kind: 'revoked', key, already: true };
      if (options.actingKeyId === id && !(await otherActiveManagerExists(transaction, id, now))) {
        return { kind: 'last_manager' };
      }
      await transaction.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).execute();
      return { kind: 'revoked', key: { ...key, revokedAt: now }, already: false };
    });
  }

  /**
   * Makes a key's successor, with its name and scopes, and has the old key expire after the overlap (never later
   * than it already would). A successor of a key that expires gets the same lifetime, counted from now.
   */
  async rotate(id: number, overlapHours: number, nowMs = Date.now()): Promise<Rotation> {
    const now = new Date(nowMs).toISOString();
    return this.db.transaction().execute(async (transaction) => {
      const key = await new ApiKeyRepository(transaction).findById(id);
      if (!key) return { kind: 'not_found' };
      if (keyState(key, now) !== 'active') return { kind: 'inactive', key };
      const overlapEnd = new Date(nowMs + overlapHours * HOUR_MS).toISOString();
      const oldExpiry = key.expiresAt !== null && key.expiresAt < overlapEnd ? key.expiresAt : overlapEnd;
      await transaction.updateTable('api_keys').set({ expires_at: oldExpiry }).where('id', '=', id).execute();
      const lifetimeMs =
        key.expiresAt === null ? undefined : Date.parse(key.expiresAt) - Date.parse(key.createdAt);
      const successor = await insertKey(transaction, key.name, {
        scopes: key.scopes,
        expiresAt: lifetimeMs === undefined ? null : new Date(nowMs + lifetimeMs).toISOString(),
      });
      return { kind: 'rotated', successor, predecessor: { ...key, expiresAt: oldExpiry } };
    });
  }

  /** Records when a key was last used; called at most once a minute per key (keys/key-usage.ts). */
  async recordUse(id: number, at: string): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }

  /** Records when a key last called a deprecated operation; as rare as `recordUse`. */
  async recordDeprecatedCall(id: number, at: string): Promise<void> {
    await this.db.updateTable('api_keys').set({ deprecated_call_at: at }).where('id', '=', id).execute();
  }

  async countActive(now = new Date().toISOString()): Promise<number> {
    const row = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(activeAt(now))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
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
  };
}

async function otherActiveManagerExists(
  db: Kysely<DatabaseSchema>,
  id: number,
  now: string,
): Promise<boolean> {
  const others = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '<>', id)
    .where(activeAt(now))
    .execute();
  return others.some((other) => toStoredApiKey(other).scopes.includes('keys:manage'));
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
  const createdAt = new Date().toISOString();
  // In the order API_KEY_SCOPES lists them, each once, whatever order the caller gave.
  const scopes = API_KEY_SCOPES.filter((scope) => settings.scopes?.includes(scope) ?? true);
  const expiresAt = settings.expiresAt ?? null;
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
    key,
  };
}
