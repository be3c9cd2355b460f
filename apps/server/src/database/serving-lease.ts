import pg from 'pg';
import type { Logger } from 'pino';
import type { DatabaseConfig } from '../config/config.js';

/**
 * The lock that says a store serves a PostgreSQL database: every serving process (each worker, each instance) holds
 * it shared on a session of its own, and the data commands that write a store (`data restore`, `data copy --to`)
 * take it exclusively, so neither can start while the other runs. A session-level advisory lock dies with its
 * session, so a killed server leaves nothing stale behind. Two int4 keys (a key space apart from the migrator's
 * single bigint key): this constant, and the schema, so that stores in two schemas of one database stay apart.
 * On SQLite the server's own connection is the lease: in WAL mode it holds a shared lock on the file while open,
 * which the operating system drops with the process (data-connection.ts takes the file exclusively).
 */
const LEASE = '1634627948, hashtext(current_schema())';
export const TRY_SERVING_LEASE_EXCLUSIVELY = `select pg_try_advisory_lock(${LEASE}) as held`;
const TRY_SHARED = `select pg_try_advisory_lock_shared(${LEASE}) as held`;
const WAIT_SHARED = `select pg_advisory_lock_shared(${LEASE})`;

/** After a lost lease connection, the next attempt to take it again. */
const RETAKE_MS = 1000;

export interface ServingLease {
  release(): Promise<void>;
}

/**
 * Takes the serving lease for this process and keeps it, taking it again on a new session whenever its connection
 * is lost. Through PgBouncer in transaction mode none is taken: the session would be a pooled server connection
 * that outlives this process, a lease nobody could clear (docs/operations.md, "Backups").
 */
export async function holdServingLease(database: DatabaseConfig, logger: Logger): Promise<ServingLease> {
  if (database.kind === 'sqlite' || database.pgbouncer) return { release: async () => {} };
  let client: pg.Client | undefined;
  let released = false;
  let retake: NodeJS.Timeout | undefined;

  const scheduleRetake = () => {
    if (released || retake) return;
    retake = setTimeout(() => {
      retake = undefined;
      take().catch((error: Error) => {
        logger.warn({ reason: error.message }, 'cannot take the serving lease again; retrying');
        scheduleRetake();
      });
    }, RETAKE_MS);
  };

  const take = async () => {
    const next = new pg.Client({
      connectionString: database.url,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
    });
    // A lost session is noticed by its end; its error must not end the process.
    next.on('error', () => undefined);
    client = next;
    try {
      await next.connect();
      const { rows } = await next.query<{ held: boolean }>(TRY_SHARED);
      if (!rows[0]?.held) {
        logger.warn('a data command (restore or copy) is writing this database; waiting until it ends');
        await next.query(WAIT_SHARED);
      }
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    next.once('end', () => {
      if (released || client !== next) return;
      logger.warn('the serving lease connection was lost; taking the lease again');
      scheduleRetake();
    });
  };

  await take();
  return {
    async release() {
      released = true;
      clearTimeout(retake);
      await client?.end().catch(() => undefined);
    },
  };
}
