import { MIGRATION_NAMES } from '../database/migrations.js';

/**
 * The schema this release writes, named by its newest migration as Kysely records it in `kysely_migration`; its
 * number is the schema version the database records (decision 058).
 */
export const RELEASE_SCHEMA: string = MIGRATION_NAMES.at(-1) ?? 'none';
