import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { PostgresPool, PostgresPoolClient, SqliteDatabase, SqliteStatement } from 'kysely';
import type pg from 'pg';
import { watchConnection } from './postgres-connection-faults.js';
import { readerBuildingRows } from './sqlite-reader.js';

/** The store issues a handful of distinct statements; a cache this size never evicts in practice. */
const MAX_STATEMENTS = 256;

/** Remembers values by SQL text, forgetting everything when full (simpler than LRU, and never reached). */
function boundedCache<T>(): { get(sql: string, create: () => T): T } {
  const entries = new Map<string, T>();
  return {
    get(sql, create) {
      let entry = entries.get(sql);
      if (entry === undefined) {
        if (entries.size >= MAX_STATEMENTS) entries.clear();
        entry = create();
        entries.set(sql, entry);
      }
      return entry;
    },
  };
}

/**
 * Kysely prepares every query anew on SQLite; preparing costs as much as running a small query. Statements are
 * reused by SQL text instead (the store never iterates a statement, so one cannot be busy when reused), and those
 * that return rows build them in JavaScript (`readerBuildingRows`).
 */
export function withCachedStatements(connection: SqliteConnection): SqliteDatabase {
  const statements = boundedCache<Statement | SqliteStatement>();
  const prepare = (sql: string) => {
    const statement = connection.prepare(sql);
    return statement.reader ? readerBuildingRows(statement) : statement;
  };
  return {
    close: () => connection.close(),
    prepare: (sql) => statements.get(sql, () => prepare(sql)),
  };
}

/** Data statements only: transaction control and DDL are sent as they are. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Sends the store's queries to PostgreSQL as named prepared statements: each connection parses and plans a
 * statement once, then only binds parameters. (Incompatible with PgBouncer in transaction mode.)
 */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const names = boundedCache<string>();
  let counter = 0;
  const prepare = (client: pg.PoolClient): PostgresPoolClient => {
    const connection = watchConnection(client);
    // Kysely passes SQL text with parameters, or a cursor (for streaming, which the store does not use).
    const query = (sqlOrCursor: string | pg.Submittable, parameters?: unknown[]) => {
      if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor);
      return connection.run(() =>
        PREPARABLE.test(sqlOrCursor)
          ? client.query({
              name: names.get(sqlOrCursor, () => `animal_store_${++counter}`),
              text: sqlOrCursor,
              values: parameters,
            })
          : client.query(sqlOrCursor, parameters),
      );
    };
    return { query: query as unknown as PostgresPoolClient['query'], release: connection.release };
  };
  // One wrapper per pooled connection, for its whole life: Kysely keeps its own connection object per client it
  // is given, so a new wrapper per checkout would make it build a new one for every query.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = prepare(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
