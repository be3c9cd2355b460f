import type { DatabaseConfig } from '../config.js';
import { ApiKeyRepository } from './api-key-repository.js';
import { type Database, openDatabase } from './database.js';
import { migrateToLatest } from './migrations.js';
import { PetRepository } from './pet-repository.js';

export interface Store {
  database: Database;
  pets: PetRepository;
  keys: ApiKeyRepository;
}

/** Opens the configured database, brings its schema up to date and returns the repositories on it. */
export async function openStore(config: DatabaseConfig): Promise<Store> {
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db, database.dialect);
  } catch (error) {
    await database.close();
    throw error;
  }
  return { database, pets: new PetRepository(database.db), keys: new ApiKeyRepository(database.db) };
}
