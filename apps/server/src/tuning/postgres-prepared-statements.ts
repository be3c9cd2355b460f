import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { watchConnection, withClientsWrapped } from '../store/postgres-connection-faults.js';
import { boundedCache } from './bounded-cache.js';

/** Data statements only: transaction control and DDL are sent as they are. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Sends the store's queries to PostgreSQL as named prepared statements (ledger row "PostgreSQL named statements",
 * docs/performance.md): each connection parses and plans a statement once, then only binds parameters. Relies on
 * node-postgres's public `name` option and on Kysely keeping one connection object per pooled client it is given.
 * A connection pooler in transaction mode (PgBouncer) does not keep named statements: turn it off there.
 */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const names = boundedCache<string>();
  let counter = 0;
  return withClientsWrapped(pool, (client) => {
    // The store's fault handling of each connection (store/postgres-connection-faults.ts) applies as without tuning.
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
  });
}
