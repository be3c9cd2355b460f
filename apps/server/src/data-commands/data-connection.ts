import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Dialect } from '../database/database.js';
import type { DatabaseSchema } from '../database/schema.js';
import type { StoreTable } from './store-tables.js';

export type Row = Record<string, unknown>;

/**
 * One connection to a store for the data commands, so that every statement runs in the transaction they open on it.
 * Unlike the server's, it has no query timeout (a copy's transaction lasts as long as the copy) and reads integers
 * exactly: SQLite's as bigints, PostgreSQL's int8 as the text node-postgres gives by default.
 */
export interface DataConnection {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  /** Where the store is, for messages: the path, or the URL without its password. */
  label: string;
  /** Writes rows into the table, on the connection's open transaction. */
  insertRows(table: StoreTable, rows: readonly Row[]): Promise<void>;
  close(): Promise<void>;
}

export interface SqliteOpenOptions {
  /** Opened read-only: the store being read is never written. */
  readonly?: boolean;
}

/** A data command's failure, told in one sentence: exit code 1. */
export class DataCommandError extends Error {}

export function openDataConnection(config: DatabaseConfig, options: SqliteOpenOptions = {}): DataConnection {
  return config.kind === 'sqlite' ? openSqlite(config.path, options) : openPostgres(config.url);
}

export function openSqlite(path: string, { readonly = false }: SqliteOpenOptions = {}): DataConnection {
  let connection: SqliteDatabase.Database;
  try {
    connection = new SqliteDatabase(path, { readonly, fileMustExist: readonly });
    connection.pragma('busy_timeout = 5000');
    if (!readonly) {
      // As the server opens its file: a restored or copied store is ready to serve as it is.
      connection.pragma('journal_mode = WAL');
      connection.pragma('synchronous = FULL');
    }
  } catch (error) {
    throw new DataCommandError(`cannot open the SQLite database ${path}: ${(error as Error).message}`);
  }
  connection.defaultSafeIntegers(true);
  const inserts = new Map<string, SqliteDatabase.Statement>();
  return {
    db: new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: connection }) }),
    dialect: 'sqlite',
    label: path,
    async insertRows(table, rows) {
      let insert = inserts.get(table.name);
      if (!insert) {
        const columns = Object.keys(table.columns);
        insert = connection.prepare(
          `insert into "${table.name}" (${columns.map((column) => `"${column}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
        );
        inserts.set(table.name, insert);
      }
      const types = Object.entries(table.columns);
      for (const row of rows) {
        // PostgreSQL's int8 arrives as text: bound as text, SQLite would keep a string the canonical form reads alike.
        insert.run(
          types.map(([column, type]) => {
            const value = row[column];
            return type !== 'text' && typeof value === 'string' ? BigInt(value) : value;
          }),
        );
      }
    },
    close: async () => {
      connection.close();
    },
  };
}

/** The URL with its password left out, for messages. */
export function withoutPassword(url: string): string {
  if (!URL.canParse(url)) return 'the PostgreSQL database';
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '';
  return parsed.toString();
}

export function openPostgres(url: string): DataConnection {
  // One connection, kept however long it idles: the transaction a command opens lives on it.
  const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0 });
  let lost: Error | undefined;
  // A connection the server drops fails the statement under way; the pool's event must not end the process.
  pool.on('error', (error) => {
    lost = error;
  });
  return {
    db: new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) }),
    dialect: 'postgres',
    label: withoutPassword(url),
    async insertRows(table, rows) {
      if (lost) throw lost;
      // One statement a batch, whatever its size: each column is one array parameter, unnested into rows.
      const columns = Object.entries(table.columns);
      const arrays = columns.map(([column]) =>
        rows.map((row) => {
          const value = row[column];
          return typeof value === 'bigint' ? value.toString() : value;
        }),
      );
      await pool.query(
        `insert into "${table.name}" (${columns.map(([column]) => `"${column}"`).join(', ')}) select * from unnest(${columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})`,
        arrays,
      );
    },
    close: () => pool.end(),
  };
}
