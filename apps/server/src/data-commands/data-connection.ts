import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config/config.js';
import type { Dialect } from '../database/database.js';
import type { DatabaseSchema } from '../database/schema.js';
import { TRY_SERVING_LEASE_EXCLUSIVELY } from '../database/serving-lease.js';
import { creationProblem, noSqliteDatabase, postgresConnectProblem } from './open-problems.js';
import { copyOutOfQuery } from './postgres-copy-reader.js';
import { copyIntoTable } from './postgres-copy-writer.js';
import type { StoreTable } from './store-tables.js';
import type { TableWriter, Values } from './table-rows.js';

export type { TableWriter, Values } from './table-rows.js';

export type Row = Record<string, unknown>;

/** Rows read a batch at a time, so that memory holds one batch whatever the table's size. */
const BATCH_ROWS = 5000;

/**
 * The table's columns, its rows from `since` when it keeps a window, in its key's order: text keys by their bytes,
 * SQLite's own order and PostgreSQL's under the "C" collation, so that both give the same rows in the same order.
 */
function selectRows(
  dialect: Dialect,
  table: StoreTable,
  since: number | undefined,
): { text: string; parameters: unknown[] } {
  const columns = Object.keys(table.columns)
    .map((column) => `"${column}"`)
    .join(', ');
  const windowed = table.window && since !== undefined;
  // PostgreSQL reads by COPY, which takes no parameters: the instant, an integer the command computed, is written in.
  const bound = dialect === 'sqlite' ? '?' : String(BigInt(Math.trunc(since ?? 0)));
  const where = windowed ? ` where "${table.window?.column}" >= ${bound}` : '';
  const order = table.key
    .map((column) =>
      dialect === 'postgres' && table.columns[column] === 'text' ? `"${column}" collate "C"` : `"${column}"`,
    )
    .join(', ');
  return {
    text: `select ${columns} from "${table.name}"${where} order by ${order}`,
    parameters: windowed && dialect === 'sqlite' ? [since] : [],
  };
}

/**
 * One connection to a store for the data commands, so that every statement runs in the transaction they open on it.
 * Unlike the server's, it has no query timeout (a copy's transaction lasts as long as the copy) and reads integers
 * exactly: SQLite's as bigints, PostgreSQL's as text in decimal (its rows are read by COPY, as text).
 */
export interface DataConnection {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  /** Where the store is, for messages: the path, or the URL without its password. */
  label: string;
  /**
   * The table's rows (from `since` in its window, if it has one), a batch at a time, in one statement: on the
   * snapshot or transaction open on the connection, which nothing else may use until the last batch is read.
   */
  readRows(table: StoreTable, since?: number): AsyncGenerator<Values[]>;
  /** Writes rows into the table, on the connection's open transaction: batches given to `write`, then `end` once. */
  writeRows(table: StoreTable): Promise<TableWriter>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Opened read-only: the store being read is never written. */
  readonly?: boolean;
  /**
   * The store this command writes into, which no store may serve meanwhile: refused when one does, and held for
   * the command's length (SQLite: an exclusive lock on the file; PostgreSQL: the serving lease, exclusively).
   */
  exclusive?: boolean;
}

/** A data command's failure, told in one sentence: exit code 1. */
export class DataCommandError extends Error {}

export function openDataConnection(config: DatabaseConfig, options: OpenOptions = {}): DataConnection {
  return config.kind === 'sqlite' ? openSqlite(config.path, options) : openPostgres(config.url, options);
}

const servedProblem = (label: string) =>
  `a store is serving the database at ${label}, or another command has it open: stop every instance of the store on it (\`data backup\` needs no stop), then run the command again`;

export function openSqlite(
  path: string,
  { readonly = false, exclusive = false }: OpenOptions = {},
): DataConnection {
  if (readonly && !existsSync(path)) {
    throw new DataCommandError(noSqliteDatabase(path));
  }
  const problem = readonly || existsSync(path) ? undefined : creationProblem(path);
  if (problem) throw new DataCommandError(`cannot create the SQLite database ${path}: ${problem}`);
  let connection: SqliteDatabase.Database;
  try {
    // Exclusive: no wait; a store serving the file holds its shared lock for as long as it runs.
    connection = new SqliteDatabase(path, {
      readonly,
      fileMustExist: readonly,
      timeout: exclusive ? 0 : 5000,
    });
    // Set before the first read: in WAL mode the first read then takes the file exclusively, and fails while any
    // other connection (a serving store's, whose WAL lock the operating system drops with its process) has it open.
    if (exclusive) connection.pragma('locking_mode = EXCLUSIVE');
    if (!readonly) {
      // As the server opens its file: a restored or copied store is ready to serve as it is.
      connection.pragma('journal_mode = WAL');
      connection.pragma('synchronous = FULL');
    }
    connection.pragma('busy_timeout = 5000');
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY' && exclusive) {
      throw new DataCommandError(servedProblem(path));
    }
    throw new DataCommandError(`cannot open the SQLite database ${path}: ${(error as Error).message}`);
  }
  connection.defaultSafeIntegers(true);
  const inserts = new Map<string, SqliteDatabase.Statement>();
  return {
    db: new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: connection }) }),
    dialect: 'sqlite',
    label: path,
    async *readRows(table, since) {
      const { text, parameters } = selectRows('sqlite', table, since);
      const rows = connection
        .prepare(text)
        .raw(true)
        .iterate(...parameters) as IterableIterator<Values>;
      let batch: Values[] = [];
      for (const row of rows) {
        batch.push(row);
        if (batch.length === BATCH_ROWS) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    },
    async writeRows(table) {
      let insert = inserts.get(table.name);
      if (!insert) {
        const columns = Object.keys(table.columns);
        insert = connection.prepare(
          `insert into "${table.name}" (${columns.map((column) => `"${column}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
        );
        inserts.set(table.name, insert);
      }
      const statement = insert;
      const integers = Object.values(table.columns).map((type) => type !== 'text');
      let failure: unknown;
      return {
        async write(rows) {
          try {
            for (const row of rows) {
              // PostgreSQL's int8 arrives as text: bound as text, SQLite would keep a string the canonical form reads alike.
              statement.run(
                row.map((value, index) =>
                  integers[index] && typeof value === 'string' ? BigInt(value) : value,
                ),
              );
            }
          } catch (error) {
            failure ??= error;
            throw error;
          }
        },
        async end() {
          if (failure) throw failure;
        },
      };
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

export function openPostgres(url: string, { exclusive = false }: OpenOptions = {}): DataConnection {
  const label = withoutPassword(url);
  // One connection, kept however long it idles: the transaction a command opens lives on it, and so does the lease.
  const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0 });
  let lost: Error | undefined;
  // A connection the server drops fails the statement under way; the pool's event must not end the process.
  pool.on('error', (error) => {
    lost = error;
  });
  let leased = !exclusive;
  // The first connection's failure in words that name the database; the lease taken on it before any statement.
  const connect = async () => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new DataCommandError(postgresConnectProblem(error as Error, label));
    }
    if (!leased) {
      const { rows } = await client.query<{ held: boolean }>(TRY_SERVING_LEASE_EXCLUSIVELY);
      if (!rows[0]?.held) {
        client.release();
        throw new DataCommandError(servedProblem(label));
      }
      leased = true;
    }
    return client;
  };
  return {
    db: new Kysely<DatabaseSchema>({
      dialect: new PostgresDialect({ pool: { connect, end: () => pool.end() } }),
    }),
    dialect: 'postgres',
    label,
    async *readRows(table, since) {
      if (lost) throw lost;
      yield* copyOutOfQuery(await connect(), selectRows('postgres', table, since).text, BATCH_ROWS);
    },
    async writeRows(table) {
      if (lost) throw lost;
      return copyIntoTable(await connect(), table);
    },
    close: () => pool.end(),
  };
}
