import { MIGRATION_NAMES } from '../database/migrations.js';
import { assertNotNewer, DatabaseNewerError } from '../database/store-version.js';
import { RELEASE_VERSION } from '../release-version.js';
import { DataCommandError, type DataConnection } from './data-connection.js';

/**
 * The schema this release writes, named by its newest migration as Kysely records it in `kysely_migration`; its
 * number is the schema version the database records (decision 058).
 */
export const RELEASE_SCHEMA: string = MIGRATION_NAMES.at(-1) ?? 'none';

/**
 * Refuses a store a later release wrote, by the server's own check and in its words, after the store's name: this
 * release could misread it, and a copy or restore would record it as this release's older schema.
 */
export async function refuseNewerStore(connection: DataConnection): Promise<void> {
  try {
    await assertNotNewer(connection.db, connection.dialect, MIGRATION_NAMES, RELEASE_VERSION);
  } catch (error) {
    if (error instanceof DatabaseNewerError)
      throw new DataCommandError(`${connection.label}: ${error.message}`);
    throw error;
  }
}
