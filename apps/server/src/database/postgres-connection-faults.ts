import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isDatabaseUnavailable } from './database-errors.js';

/**
 * node-postgres emits 'error' on a client whose connection drops (a restart, a terminated backend, a reset). The
 * pool listens only while a client is idle, so one checked out by a request had no listener, and an unheard 'error'
 * event ends the process. Each client gets a listener for its whole life instead: the query in flight fails with
 * the same error (answered 503), and the pool discards the client when it is released.
 */
export function reportLostConnections(pool: pg.Pool, onLost: (error: Error) => void): void {
  pool.on('connect', (client) => client.on('error', onLost));
  // The pool passes an idle client's error on as well; the client's own listener has reported it already.
  pool.on('error', () => {});
}

/** A checked-out client's queries and its release, aware of whether its connection is still usable. */
export interface WatchedConnection {
  run<T>(query: () => Promise<T>): Promise<T>;
  release(): void;
}

/**
 * Once a query fails for want of its connection, the client's later queries fail at once and the client is
 * destroyed on release, not reused. node-postgres keeps a client whose query timed out on its side
 * (`query_timeout`, the only bound when a partition leaves the server silent) with that query still pending, so its
 * next query would wait behind one that is never answered: Kysely's rollback after the timeout, or the next request.
 */
export function watchConnection(client: pg.PoolClient): WatchedConnection {
  let lost: Error | undefined;
  return {
    run(query) {
      if (lost) return Promise.reject(lost);
      return query().catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) lost = error as Error;
        throw error;
      });
    },
    release: () => client.release(lost),
  };
}

/**
 * The pool as Kysely takes it, each client wrapped once for its whole life: Kysely keeps its own connection object
 * per client it is given, so a new wrapper per checkout would make it build a new one for every query.
 */
export function withClientsWrapped(
  pool: pg.Pool,
  wrap: (client: pg.PoolClient) => PostgresPoolClient,
): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/**
 * The pool with each client watched (`watchConnection`). Statements go unnamed, or under the name `nameOf` gives
 * them (the tuning's named prepared statements, tuning/postgres-prepared-statements.ts).
 */
export function withWatchedConnections(
  pool: pg.Pool,
  nameOf: (sql: string) => string | undefined = () => undefined,
): PostgresPool {
  return withClientsWrapped(pool, (client) => {
    const connection = watchConnection(client);
    // Kysely passes SQL text with parameters, or a cursor (for streaming, which the store does not use).
    const query = (sqlOrCursor: string | pg.Submittable, parameters?: unknown[]) => {
      if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor);
      const name = nameOf(sqlOrCursor);
      return connection.run(() =>
        name === undefined
          ? client.query(sqlOrCursor, parameters)
          : client.query({ name, text: sqlOrCursor, values: parameters }),
      );
    };
    return { query: query as unknown as PostgresPoolClient['query'], release: connection.release };
  });
}
