import type { Kysely } from 'kysely';
import { displayPrefix, generateApiKey, hashApiKey } from '../keys/api-key.js';
import type { DatabaseSchema } from './schema.js';

export interface ApiKeyInfo {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface CreatedApiKey extends ApiKeyInfo {
  /** The key itself: shown once, never stored. */
  key: string;
}

/** Stored API keys, kept only as SHA-256 digests. */
export class ApiKeyRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async create(name: string): Promise<CreatedApiKey> {
    // Any key counts as the first for the milestone: a key made by hand before a start-up is not followed by another.
    await reachFirstKeyMilestone(this.db);
    return insertKey(this.db, name);
  }

  /**
   * Creates the store's first key, if the database has never held one: once in its life, across instances
   * starting together (the milestone's primary key decides). Undefined when a key was issued before, even if every
   * key has since been revoked: a store whose keys were withdrawn stays closed.
   */
  async createFirst(name: string): Promise<CreatedApiKey | undefined> {
    return this.db
      .transaction()
      .execute(async (transaction) =>
        (await reachFirstKeyMilestone(transaction)) ? insertKey(transaction, name) : undefined,
      );
  }

  async list(): Promise<ApiKeyInfo[]> {
    const rows = await this.db.selectFrom('api_keys').selectAll().orderBy('id').execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      prefix: row.key_prefix,
      createdAt: row.created_at,
      revokedAt: row.revoked_at,
    }));
  }

  /** Returns false when no active key has that id. */
  async revoke(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async findActiveByHash(keyHash: string): Promise<{ id: number; name: string } | undefined> {
    return this.db
      .selectFrom('api_keys')
      .select(['id', 'name'])
      .where('key_hash', '=', keyHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async countActive(): Promise<number> {
    const row = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
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

async function insertKey(db: Kysely<DatabaseSchema>, name: string): Promise<CreatedApiKey> {
  const key = generateApiKey();
  const createdAt = new Date().toISOString();
  const row = await db
    .insertInto('api_keys')
    .values({
      name,
      key_hash: hashApiKey(key),
      key_prefix: displayPrefix(key),
      created_at: createdAt,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name, prefix: displayPrefix(key), createdAt, revokedAt: null, key };
}
