import { sql } from 'kysely';
import type { DataConnection } from './data-connection.js';
import type { StoreTable } from './store-tables.js';

/**
 * PostgreSQL's advice for populating a database: build an index once, after its rows are in, rather than keep it
 * up to date row by row. The table's indexes other than its constraints' (the primary key stays) are dropped and
 * made again from their own definitions, in the copy's transaction: the schema ends as the migrations made it.
 * Returns what remakes them; on SQLite, where writing an index as rows come costs little, nothing is deferred.
 */
export async function deferIndexes(target: DataConnection, table: StoreTable): Promise<() => Promise<void>> {
  if (target.dialect !== 'postgres') return async () => {};
  const { rows } = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = ${table.name}
        and indexname not in (select conname from pg_constraint where conrelid = ${table.name}::regclass)`.execute(
    target.db,
  );
  for (const { name } of rows) await sql`drop index ${sql.id(name)}`.execute(target.db);
  return async () => {
    for (const { definition } of rows) await sql.raw(definition).execute(target.db);
  };
}
