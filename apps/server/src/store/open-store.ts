import { setTimeout } from 'node:timers/promises';
import type { DatabaseConfig } from '../config.js';
import { ApiKeyRepository } from './api-key-repository.js';
import { type Database, openDatabase } from './database.js';
import { isDatabaseUnavailable } from './database-errors.js';
import { IdempotencyRepository } from './idempotency-repository.js';
import { migrateToLatest } from './migrations.js';
import { PetCreation } from './pet-creation.js';
import { PetRepository } from './pet-repository.js';

export interface Store {
  database: Database;
  pets: PetRepository;
  petCreation: PetCreation;
  idempotencyKeys: IdempotencyRepository;
  keys: ApiKeyRepository;
}

/** Opens the configured database, brings its schema up to date and returns the repositories on it. */
export async function openStore(
  config: DatabaseConfig,
  onIdleError?: (error: Error) => void,
  onCommitBatch?: (size: number) => void,
): Promise<Store> {
  const database = openDatabase(config, onIdleError);
  try {
    await migrateToLatest(database.db, database.dialect);
  } catch (error) {
    await database.close();
    throw error;
  }
  const pets = new PetRepository(database.db, database.dialect);
  return {
    database,
    pets,
    petCreation: new PetCreation(database.db, pets, {
      groupCommits: database.dialect === 'sqlite',
      onCommitBatch,
    }),
    idempotencyKeys: new IdempotencyRepository(database.db),
    keys: new ApiKeyRepository(database.db),
  };
}

/** Start-up backoff while the database is unreachable: 0.5 s, 1 s, 2 s … capped at 30 s, indefinitely. */
export async function openStoreWhenReachable(
  config: DatabaseConfig,
  options: {
    onIdleError?: (error: Error) => void;
    /** Told the size of every SQLite group commit. */
    onCommitBatch?: (size: number) => void;
    onRetry: (error: unknown, attempt: number, delayMs: number) => void;
  },
): Promise<Store> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openStore(config, options.onIdleError, options.onCommitBatch);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const delayMs = Math.min(30_000, 500 * 2 ** (attempt - 1));
      options.onRetry(error, attempt, delayMs);
      await setTimeout(delayMs);
    }
  }
}
