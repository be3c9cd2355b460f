import type { Kysely } from 'kysely';

/**
 * Migration 009: the audit log of key operations and the head of its hash chain (schema.ts). The id is not an
 * identity: the head assigns it under its row lock, so that ids are the order in which events committed.
 */
export async function createAuditTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'bigint', (column) => column.primaryKey())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('code', 'text')
    .addColumn('actor_type', 'text', (column) => column.notNull())
    .addColumn('actor_key_id', 'text')
    .addColumn('actor_name', 'text', (column) => column.notNull())
    .addColumn('key_id', 'bigint')
    .addColumn('successor_id', 'bigint')
    .addColumn('request_id', 'text')
    .addColumn('client_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('previous_hash', 'text', (column) => column.notNull())
    .addColumn('hash', 'text', (column) => column.notNull())
    .execute();
  // Each serves a filter of listAuditEvents newest first (where … and id < ? order by id desc); `at` serves
  // `since`/`until` alone and the retention's search for the newest event to prune.
  for (const column of ['key_id', 'successor_id', 'actor_key_id', 'action']) {
    await db.schema
      .createIndex(`audit_events_${column}_id`)
      .on('audit_events')
      .columns([column, 'id'])
      .execute();
  }
  await db.schema.createIndex('audit_events_at').on('audit_events').column('at').execute();
  await db.schema
    .createTable('audit_chain')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('last_event_id', 'bigint', (column) => column.notNull())
    .addColumn('last_hash', 'text', (column) => column.notNull())
    .addColumn('start_hash', 'text', (column) => column.notNull())
    .execute();
}
