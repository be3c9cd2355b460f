import type { DatabaseSchema } from '../database/schema.js';
import { IDEMPOTENCY_TTL_MS } from '../store/idempotency-repository.js';

/** How a column is typed on PostgreSQL, where `data copy` casts each batch's arrays to it. */
export type ColumnType = 'bigint' | 'integer' | 'text';

export type TableName = keyof DatabaseSchema;

export interface StoreTable {
  name: TableName;
  /** Every column, as the migrations create it; the type check below fails when schema.ts gains one. */
  columns: Readonly<Record<string, ColumnType>>;
  /** The primary key's columns: rows are read in its order, a batch at a time after the last one read. */
  key: readonly string[];
  /** The `id` is assigned by the database: a copy carries on its sequence after the largest id. */
  identity: boolean;
  /** Rows that count only this long after the instant in `column` (ms since the epoch); older ones are not copied. */
  window?: { column: string; ms: number };
}

const table = <T extends TableName>(
  name: T,
  spec: {
    columns: Record<keyof DatabaseSchema[T] & string, ColumnType>;
    key: readonly (keyof DatabaseSchema[T] & string)[];
    identity?: boolean;
    window?: { column: keyof DatabaseSchema[T] & string; ms: number };
  },
): StoreTable => ({ name, ...spec, identity: spec.identity ?? false });

/**
 * The store's tables in the order a copy writes them. What is in no table here (Kysely's bookkeeping, SQLite's
 * `sqlite_sequence`) is made by the target's own migrations and sequences; a table or column the migrations add
 * and this list lacks makes a copy refuse rather than leave data behind.
 */
export const STORE_TABLES: readonly StoreTable[] = [
  table('store_milestones', { columns: { name: 'text', reached_at: 'text' }, key: ['name'] }),
  table('api_keys', {
    columns: {
      id: 'bigint',
      name: 'text',
      key_hash: 'text',
      key_prefix: 'text',
      created_at: 'text',
      revoked_at: 'text',
      scopes: 'text',
      expires_at: 'text',
      last_used_at: 'text',
      deprecated_call_at: 'text',
      rotated_at: 'text',
      replaces_id: 'integer',
      rate_limit_per_minute: 'integer',
      allowed_networks: 'text',
    },
    key: ['id'],
    identity: true,
  }),
  table('pets', {
    columns: { id: 'bigint', name: 'text', category_id: 'bigint', status: 'text' },
    key: ['id'],
    identity: true,
  }),
  table('idempotency_keys', {
    columns: {
      scope: 'text',
      key: 'text',
      request_hash: 'text',
      response_status: 'integer',
      response_body: 'text',
      created_at_ms: 'bigint',
    },
    key: ['scope', 'key'],
    // A replay is promised for 24 hours; a record past that is swept by the server anyway.
    window: { column: 'created_at_ms', ms: IDEMPOTENCY_TTL_MS },
  }),
  // The audit log and its chain's head, carried whole, so that the chain verifies on the target.
  table('audit_events', {
    columns: {
      id: 'bigint',
      at: 'text',
      action: 'text',
      outcome: 'text',
      code: 'text',
      actor_type: 'text',
      actor_key_id: 'text',
      actor_name: 'text',
      key_id: 'bigint',
      successor_id: 'bigint',
      request_id: 'text',
      client_address: 'text',
      user_agent: 'text',
      previous_hash: 'text',
      hash: 'text',
    },
    key: ['id'],
  }),
  table('audit_chain', {
    columns: { id: 'integer', last_event_id: 'bigint', last_hash: 'text', start_hash: 'text' },
    key: ['id'],
  }),
  // A key's hourly counts: what an admin reads of its traffic, kept as long as the server keeps them.
  table('api_key_usage', {
    columns: {
      key_id: 'bigint',
      hour: 'text',
      answered: 'bigint',
      refused: 'bigint',
      limited: 'bigint',
      failed: 'bigint',
    },
    key: ['key_id', 'hour'],
  }),
];

/** Tables a database holds beside the store's own, made by the migrations or by SQLite itself. */
export const BOOKKEEPING_TABLES: ReadonlySet<string> = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'store_version',
  'sqlite_sequence',
]);
