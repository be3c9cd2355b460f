import { setTimeout } from 'node:timers/promises';
import type { DatabaseConfig, PostgresConfig } from '../config/config.js';
import { type Database, openDatabase } from '../database/database.js';
import { isDatabaseUnavailable } from '../database/database-errors.js';
import type { DatabaseTuning } from '../database/database-tuning.js';
import { migrateToLatest } from '../database/migrations.js';
import type { QueryTracer } from '../database/traced-dialect.js';
import { ApiKeyRepository } from './api-key-repository.js';
import { type AuditListener, AuditLog } from './audit-log.js';
import { IdempotencyRepository } from './idempotency-repository.js';
import { KeyUsageRepository } from './key-usage-repository.js';
import { PetCreation } from './pet-creation.js';
import { PetRepository } from './pet-repository.js';

export interface Repositories {
  database: Database;
  pets: PetRepository;
  petCreation: PetCreation;
  idempotencyKeys: IdempotencyRepository;
  apiKeys: ApiKeyRepository;
  auditLog: AuditLog;
  /** Each key's requests by hour. */
  keyUsage: KeyUsageRepository;
}

export interface OpenOptions {
  /** Told when PostgreSQL drops a connection; the pool replaces it. */
  onConnectionLost?: (error: Error) => void;
  /** Told the size of every SQLite group commit. */
  onCommitBatch?: (size: number) => void;
  tuning?: DatabaseTuning;
  /** Each statement as a span, when tracing is on. */
  traceQuery?: QueryTracer;
  /** Told of each audit event once it has committed. */
  onAuditEvent?: AuditListener;
}

/** Opens the configured database, brings its schema up to date and returns the repositories on it. */
export async function openRepositories(
  config: DatabaseConfig,
  { onConnectionLost, onCommitBatch, tuning, traceQuery, onAuditEvent }: OpenOptions = {},
): Promise<Repositories> {
  if (config.kind === 'postgres') await migratePostgres(config);
  const database = openDatabase(config, onConnectionLost, tuning, traceQuery);
  if (config.kind === 'sqlite') {
    try {
      await migrateToLatest(database.db, database.dialect);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  const pets = new PetRepository(database.db, database.dialect);
  const auditLog = new AuditLog(database.db, onAuditEvent);
  return {
    database,
    pets,
    petCreation: new PetCreation(database.db, pets, {
      groupCommits: database.dialect === 'sqlite',
      onCommitBatch,
    }),
    idempotencyKeys: new IdempotencyRepository(database.db),
    apiKeys: new ApiKeyRepository(database.db, database.dialect, auditLog),
    auditLog,
    keyUsage: new KeyUsageRepository(database.db),
  };
}

/** Migrations may take long, or wait long for another instance's migration lock. */
const MIGRATION_QUERY_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * Migrates on connections of its own: the serving pool's query bound (`DATABASE_QUERY_TIMEOUT_MS`) is for
 * requests, and would fail instances that start together and wait for each other's migration lock.
 */
async function migratePostgres(config: PostgresConfig): Promise<void> {
  const migrating = openDatabase({ ...config, poolSize: 1, queryTimeoutMs: MIGRATION_QUERY_TIMEOUT_MS });
  try {
    await migrateToLatest(migrating.db, migrating.dialect);
  } finally {
    await migrating.close();
  }
}

/** Start-up backoff while the database is unreachable: 0.5 s, 1 s, 2 s … capped at 30 s, indefinitely. */
export async function openRepositoriesWhenReachable(
  config: DatabaseConfig,
  options: OpenOptions & { onRetry: (error: unknown, attempt: number, delayMs: number) => void },
): Promise<Repositories> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openRepositories(config, options);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const delayMs = Math.min(30_000, 500 * 2 ** (attempt - 1));
      options.onRetry(error, attempt, delayMs);
      await setTimeout(delayMs);
    }
  }
}
