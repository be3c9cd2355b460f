import { readFileSync } from 'node:fs';
import { migrateToLatest } from '../database/migrations.js';
import { openSqlite } from './data-connection.js';
import { appliedMigrations } from './store-inspection.js';

/**
 * The schema version this release writes: the newest of its migrations, as Kysely records it in
 * `kysely_migration`. Read from an empty database migrated in memory, the one place that lists them all.
 */
export async function releaseSchemaVersion(): Promise<string> {
  const memory = openSqlite(':memory:');
  try {
    await migrateToLatest(memory.db, 'sqlite');
    return (await appliedMigrations(memory)).at(-1) ?? 'none';
  } finally {
    await memory.close();
  }
}

/** The release's version: the server package's, which the bundle's own package.json repeats (this file is dist/data-commands/). */
export function releaseVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return String(manifest.version);
}
