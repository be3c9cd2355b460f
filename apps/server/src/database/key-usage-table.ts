import type { Kysely } from 'kysely';

/**
 * Migration 011: a key's requests by hour and kind of answer (schema.ts). One row per key and hour that saw a
 * request; every worker adds its own counts to it, so that the key and the hour are the whole primary key.
 */
export async function createKeyUsageTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_key_usage')
    .addColumn('key_id', 'bigint', (column) => column.notNull())
    .addColumn('hour', 'text', (column) => column.notNull())
    .addColumn('answered', 'bigint', (column) => column.notNull())
    .addColumn('refused', 'bigint', (column) => column.notNull())
    .addColumn('limited', 'bigint', (column) => column.notNull())
    .addColumn('failed', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('api_key_usage_pkey', ['key_id', 'hour'])
    .execute();
  // Serves the retention's delete of every key's oldest hours (where hour < ?).
  await db.schema.createIndex('api_key_usage_hour').on('api_key_usage').column('hour').execute();
}
