import type { StatementNamer } from '../database/database-tuning.js';
import { boundedCache } from './bounded-cache.js';

/** Data statements only: transaction control and DDL are sent as they are. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Names the store's data statements, so that PostgreSQL receives them as named prepared statements (ledger row
 * "PostgreSQL named statements", docs/performance.md): each connection parses and plans a statement once, then
 * only binds parameters. Relies on node-postgres's public `name` option and on Kysely keeping one connection object
 * per pooled client it is given. A connection pooler in transaction mode (PgBouncer) does not keep named
 * statements: leave it off there.
 */
export function namedStatements(): StatementNamer {
  const names = boundedCache<string>();
  let counter = 0;
  return (sql) => (PREPARABLE.test(sql) ? names.get(sql, () => `animal_store_${++counter}`) : undefined);
}
