import { type Kysely, sql } from 'kysely';
import type { Dialect } from './database.js';

/** What a database says about the versions that wrote it (decision 058). */
export interface StoreVersion {
  /** The migrations applied, in order: the schema version is how many. */
  migrations: string[];
  schemaVersion: number;
  /** The release that last brought the schema up to date; null for a database no release has recorded yet. */
  release: string | null;
}

/** A database written by a later release than this server: serving it could misread or damage what it holds. */
export class DatabaseNewerError extends Error {
  override name = 'DatabaseNewerError';
}

// biome-ignore lint/suspicious/noExplicitAny: read before and during the migrations, on the untyped database.
type AnyDatabase = Kysely<any>;

async function tablesPresent(db: AnyDatabase, dialect: Dialect): Promise<Set<string>> {
  const names = ['kysely_migration', 'store_version'];
  const rows =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name in (${sql.join(names)})`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_name in (${sql.join(names)})`.execute(db);
  return new Set(rows.rows.map((row) => row.name));
}

/** The versions recorded in a database; an empty database has schema version 0. */
export async function readStoreVersion(db: AnyDatabase, dialect: Dialect): Promise<StoreVersion> {
  const tables = await tablesPresent(db, dialect);
  const migrations = tables.has('kysely_migration')
    ? (await db.selectFrom('kysely_migration').select('name').orderBy('name').execute()).map(
        (row) => row.name,
      )
    : [];
  const recorded = tables.has('store_version')
    ? await db.selectFrom('store_version').select(['schema_version', 'release']).executeTakeFirst()
    : undefined;
  return {
    migrations,
    schemaVersion: Math.max(migrations.length, Number(recorded?.schema_version ?? 0)),
    release: recorded?.release ?? null,
  };
}

/**
 * Refuses a database that a later release wrote: one with a migration this server does not know, or a higher
 * schema version. Kysely would otherwise fail with its own words, or a server would serve a schema it cannot read.
 */
export async function assertNotNewer(
  db: AnyDatabase,
  dialect: Dialect,
  known: readonly string[],
  release: string,
): Promise<void> {
  const stored = await readStoreVersion(db, dialect);
  const unknown = stored.migrations.filter((name) => !known.includes(name));
  if (unknown.length === 0 && stored.schemaVersion <= known.length) return;
  const writer = stored.release === null ? 'a later release' : `release ${stored.release}`;
  throw new DatabaseNewerError(
    `The database has schema version ${stored.schemaVersion}, written by ${writer}, and this server (release ${release}) knows schema versions up to ${known.length}: start a release at least as new as the one that wrote it.`,
  );
}

/** Records the schema version and the release that brought the database to it; a later release raises both. */
export async function recordStoreVersion(
  db: AnyDatabase,
  schemaVersion: number,
  release: string,
): Promise<void> {
  await db
    .insertInto('store_version')
    .values({ id: 1, schema_version: schemaVersion, release, recorded_at: new Date().toISOString() })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({ schema_version: schemaVersion, release, recorded_at: new Date().toISOString() }),
    )
    .execute();
}
