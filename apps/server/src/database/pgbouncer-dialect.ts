import { type DialectAdapter, PostgresAdapter, PostgresDialect } from 'kysely';

/**
 * Kysely's migrator takes a session-level advisory lock with one statement and releases it with another, outside
 * the migrations' transaction. Behind PgBouncer's transaction pooling the two can run on different server
 * connections, and the lock stays held on one of them, keeping every later start waiting. Behind PgBouncer the
 * store takes no migration lock: the migrations run in one transaction, and an instance that loses a race to
 * migrate at the same moment tries again (migrations.ts). DialectAdapter is Kysely's public extension point.
 */
class PostgresAdapterWithoutSessionLock extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

/** PostgreSQL reached through PgBouncer in transaction pooling mode (decision 017). */
export class PgBouncerDialect extends PostgresDialect {
  override createAdapter(): DialectAdapter {
    return new PostgresAdapterWithoutSessionLock();
  }
}
