import {
  type CreateTableBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from 'kysely';
import { RELEASE_VERSION } from '../release-version.js';
import { createAuditTables } from './audit-tables.js';
import type { Dialect } from './database.js';
import { createKeyUsageTable } from './key-usage-table.js';
import { normaliseOldKeyForms } from './old-key-forms.js';
import { assertNotNewer, DatabaseNewerError, readStoreVersion, recordStoreVersion } from './store-version.js';

/**
 * A database-assigned int64 id. On SQLite only `INTEGER PRIMARY KEY AUTOINCREMENT` never reuses an id, even after
 * the newest row is deleted by hand; PostgreSQL's identity column never does.
 */
const addIdColumn =
  (dialect: Dialect) =>
  <T extends CreateTableBuilder<string, never>>(table: T) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());

/**
 * Migrations in order. They run at every start-up, on both dialects, each run in one transaction that makes
 * concurrent starts of several instances safe. Never edit one that has shipped: add the next.
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-pets-and-api-keys': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('pets')
          .$call(addIdColumn(dialect))
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('category_id', 'bigint', (column) => column.notNull())
          .addColumn('status', 'text', (column) =>
            column.check(sql`status is null or status in ('available', 'pending', 'sold')`),
          )
          .execute();
        // Serves the status filter with keyset pagination: where status = ? and id > ? order by id.
        await db.schema.createIndex('pets_status_id').on('pets').columns(['status', 'id']).execute();

        await db.schema
          .createTable('api_keys')
          .$call(addIdColumn(dialect))
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('key_hash', 'text', (column) => column.notNull().unique())
          .addColumn('key_prefix', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull())
          .addColumn('revoked_at', 'text')
          .execute();
      },
    },
    '002-idempotency-keys': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('idempotency_keys')
          .addColumn('scope', 'text', (column) => column.notNull())
          .addColumn('key', 'text', (column) => column.notNull())
          .addColumn('request_hash', 'text', (column) => column.notNull())
          .addColumn('response_status', 'integer')
          .addColumn('response_body', 'text')
          .addColumn('created_at_ms', 'bigint', (column) => column.notNull())
          .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
          .execute();
        // Serves the sweep of expired keys.
        await db.schema
          .createIndex('idempotency_keys_created')
          .on('idempotency_keys')
          .column('created_at_ms')
          .execute();
      },
    },
    '003-store-milestones': {
      async up(db: Kysely<unknown>) {
        // One row per thing that happens once in a store's life, whichever instance gets there first.
        await db.schema
          .createTable('store_milestones')
          .addColumn('name', 'text', (column) => column.primaryKey())
          .addColumn('reached_at', 'text', (column) => column.notNull())
          .execute();
        // A store that already held a key has had its first one.
        await sql`insert into store_milestones (name, reached_at)
          select 'first_key_issued', min(created_at) from api_keys having count(*) > 0`.execute(db);
      },
    },
    '004-api-key-scopes-and-lifetime': {
      async up(db: Kysely<unknown>) {
        // Keys that exist keep every scope, so that nothing that works today stops working.
        await db.schema
          .alterTable('api_keys')
          .addColumn('scopes', 'text', (column) =>
            column.notNull().defaultTo('pets:read pets:write keys:manage'),
          )
          .execute();
        for (const column of ['expires_at', 'last_used_at', 'deprecated_call_at']) {
          await db.schema.alterTable('api_keys').addColumn(column, 'text').execute();
        }
      },
    },
    '005-api-key-rotated-at': {
      async up(db: Kysely<unknown>) {
        // A key is rotated once: the mark is what a second, concurrent or later rotation finds and is refused on.
        await db.schema.alterTable('api_keys').addColumn('rotated_at', 'text').execute();
      },
    },
    '006-api-key-replaces': {
      async up(db: Kysely<unknown>) {
        // A successor names the key it replaced, so that a list can say which key replaces which.
        await db.schema.alterTable('api_keys').addColumn('replaces_id', 'integer').execute();
      },
    },
    '007-api-key-old-forms': {
      async up(db: Kysely<unknown>) {
        // Expiry instants with six-digit years, and rotations made before 005 and 006 (old-key-forms.ts).
        await normaliseOldKeyForms(db);
      },
    },
    '008-store-version': {
      async up(db: Kysely<unknown>) {
        // One row: the schema version and the release that wrote it, so that an older server refuses the database.
        await db.schema
          .createTable('store_version')
          .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
          .addColumn('schema_version', 'integer', (column) => column.notNull())
          .addColumn('release', 'text', (column) => column.notNull())
          .addColumn('recorded_at', 'text', (column) => column.notNull())
          .execute();
      },
    },
    '009-audit-events': { up: (db: Kysely<unknown>) => createAuditTables(db) },
    '010-api-key-policy': {
      async up(db: Kysely<unknown>) {
        // A key's own policy; null in both for the store's defaults, which is what every older key reads as.
        await db.schema.alterTable('api_keys').addColumn('rate_limit_per_minute', 'integer').execute();
        await db.schema.alterTable('api_keys').addColumn('allowed_networks', 'text').execute();
      },
    },
    '011-api-key-usage': { up: (db: Kysely<unknown>) => createKeyUsageTable(db) },
  };
}

/** The migrations this server knows, in order: the schema version it writes is how many. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations('sqlite'));

/**
 * Runs the migrations in the transaction the caller has open on `db`'s one connection, neither beginning nor
 * committing one, and without retries: `data copy` creates the schema and the rows in one transaction.
 */
export interface InCallersTransaction {
  inCallersTransaction: true;
}

export async function migrateToLatest(
  // Migrations run against an untyped database, as Kysely recommends: the schema they build is not yet the typed one.
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  db: Kysely<any>,
  dialect: Dialect,
  options?: InCallersTransaction,
): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  // Kysely looks for its bookkeeping tables in every schema unless told which: a second store (or any Kysely app)
  // in another schema of the same database would make it skip creating its own.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider,
    migrationTableSchema,
    disableTransactions: options?.inCallersTransaction,
  });
  const migrate = async () => {
    await assertNotNewer(db, dialect, MIGRATION_NAMES, RELEASE_VERSION);
    const { error, results = [] } = await migrator.migrateToLatest();
    if (error) throw error;
    // Also when a stop came between PostgreSQL's migrations and this row, which are not one transaction there.
    if (results.length > 0 || (await readStoreVersion(db, dialect)).release === null) {
      await recordStoreVersion(db, MIGRATION_NAMES.length, RELEASE_VERSION);
    }
  };
  if (options?.inCallersTransaction) return migrate();
  // Instances starting together behind PgBouncer migrate without a lock (pgbouncer-dialect.ts): one that loses the
  // race has its transaction rolled back, and finds the work done when it tries again.
  for (let attempt = 1; ; attempt++) {
    try {
      await (dialect === 'sqlite' ? inOneSqliteWriteTransaction(db, migrate) : migrate());
      return;
    } catch (error) {
      if (attempt === MIGRATION_ATTEMPTS || error instanceof DatabaseNewerError) throw error;
    }
  }
}

/**
 * Kysely runs SQLite migrations statement by statement, with neither a transaction nor a lock: its SQLite adapter
 * assumes one process. Two instances starting together on a new file then both create the same table, and a kill
 * between a migration's statements leaves a schema no start-up can finish. Taking the write lock first makes the
 * run atomic, and makes a second instance wait (`busy_timeout`), then find the work done.
 */
async function inOneSqliteWriteTransaction(db: Kysely<unknown>, run: () => Promise<void>): Promise<void> {
  await sql`begin immediate`.execute(db);
  try {
    await run();
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}

/** A migration that fails for want of a lock succeeds on the next try; one that is wrong fails every time. */
const MIGRATION_ATTEMPTS = 3;
