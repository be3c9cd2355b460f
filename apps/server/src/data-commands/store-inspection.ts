import { sql } from 'kysely';
import { readStoreVersion } from '../database/store-version.js';
import { DataCommandError, type DataConnection, type Row } from './data-connection.js';
import { BOOKKEEPING_TABLES, STORE_TABLES, type StoreTable } from './store-tables.js';

/** The tables of the database (on PostgreSQL, of the schema the connection's search path starts with). */
export async function tableNames(connection: DataConnection): Promise<string[]> {
  const query =
    connection.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table'`
      : sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema()`;
  return (await query.execute(connection.db)).rows.map((row) => row.name).sort();
}

export async function columnNames(connection: DataConnection, table: string): Promise<string[]> {
  const query =
    connection.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from pragma_table_info(${table})`
      : sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}`;
  return (await query.execute(connection.db)).rows.map((row) => row.name).sort();
}

/** The migrations applied to the database, oldest first, read as the server reads them; none for a database without any. */
export async function appliedMigrations(connection: DataConnection): Promise<string[]> {
  return (await readStoreVersion(connection.db, connection.dialect)).migrations;
}

export async function rowCount(connection: DataConnection, table: string): Promise<bigint> {
  const { rows } = await sql<{ count: unknown }>`select count(*) as count from ${sql.table(table)}`.execute(
    connection.db,
  );
  return BigInt(String(rows[0]?.count ?? 0));
}

const WORDS: Record<string, string> = {
  pets: 'animals',
  api_keys: 'API keys',
  idempotency_keys: 'Idempotency-Key records',
  store_milestones: 'milestones',
  audit_events: 'audit events',
  audit_chain: 'audit chain heads',
  api_key_usage: 'hours of API key usage',
};

/**
 * Refuses a database that holds anything of its own: rows in the store's tables, or tables that are not the store's.
 * The store's empty tables (a server started once, or a copy's schema) are no data.
 */
export async function assertHoldsNoData(connection: DataConnection): Promise<void> {
  const tables = await tableNames(connection);
  const known = new Set<string>(STORE_TABLES.map((table) => table.name));
  const foreign = tables.filter((name) => !known.has(name) && !BOOKKEEPING_TABLES.has(name));
  if (foreign.length > 0) {
    throw new DataCommandError(
      `the database at ${connection.label} holds tables that are not the store's (${foreign.join(', ')}); choose an empty one`,
    );
  }
  const held: string[] = [];
  for (const table of STORE_TABLES) {
    if (!tables.includes(table.name)) continue;
    const count = await rowCount(connection, table.name);
    if (count > 0n) held.push(`${WORDS[table.name] ?? table.name}: ${count}`);
  }
  if (held.length > 0) {
    throw new DataCommandError(
      `the database at ${connection.label} holds data (${held.join(', ')}); it is left as it is: choose an empty one`,
    );
  }
}

/** The largest id the table holds; 0 when it holds none. */
export async function largestId(connection: DataConnection, table: StoreTable): Promise<bigint> {
  const { rows } = await sql<Row>`select max(id) as largest from ${sql.table(table.name)}`.execute(
    connection.db,
  );
  return BigInt(String(rows[0]?.largest ?? 0));
}

/** The id the table's own sequence gives next, whatever ids the table holds. */
export async function sequenceNext(connection: DataConnection, table: StoreTable): Promise<bigint> {
  const query =
    connection.dialect === 'sqlite'
      ? sql<Row>`select seq as issued from sqlite_sequence where name = ${table.name}`
      : sql<Row>`select pg_sequence_last_value(pg_get_serial_sequence(${table.name}, 'id')::regclass) as issued`;
  const issued = (await query.execute(connection.db)).rows[0]?.issued;
  return BigInt(String(issued ?? 0)) + 1n;
}

/** The id the table gives its next row: never one that was used, even by a row deleted since. */
export async function nextId(connection: DataConnection, table: StoreTable): Promise<bigint> {
  const [next, largest] = [await sequenceNext(connection, table), await largestId(connection, table)];
  return next > largest ? next : largest + 1n;
}

/** Makes the table's sequence give `next` next. */
export async function setNextId(connection: DataConnection, table: StoreTable, next: bigint): Promise<void> {
  if (connection.dialect === 'postgres') {
    // setval(…, n, true): n counts as given; setval(…, 1, false): 1 comes next.
    const [value, called] = next > 1n ? [next - 1n, true] : [1n, false];
    await sql`select setval(pg_get_serial_sequence(${table.name}, 'id'), ${value.toString()}, ${called})`.execute(
      connection.db,
    );
    return;
  }
  await sql`delete from sqlite_sequence where name = ${table.name}`.execute(connection.db);
  if (next > 1n) {
    await sql`insert into sqlite_sequence (name, seq) values (${table.name}, ${next - 1n})`.execute(
      connection.db,
    );
  }
}
