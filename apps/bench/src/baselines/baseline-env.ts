import type { PetQueries } from './pet-queries.js';
import { postgresPetQueries } from './postgres-pet-queries.js';
import { sqlitePetQueries } from './sqlite-pet-queries.js';

/** The baselines read the store's own variables, so the harness starts every contender the same way. */
export function baselineEnv(env: NodeJS.ProcessEnv): { port: number; queries: PetQueries } {
  const port = Number(env.PORT);
  const url = env.DATABASE_URL ?? '';
  if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be a port number');
  if (url.startsWith('file:')) return { port, queries: sqlitePetQueries(url.slice('file:'.length)) };
  if (url.startsWith('postgres://')) return { port, queries: postgresPetQueries(url, poolSizeOf(env)) };
  throw new Error('DATABASE_URL must start with file: or postgres://');
}

function poolSizeOf(env: NodeJS.ProcessEnv): number {
  const poolSize = Number(env.DATABASE_POOL_SIZE);
  if (!Number.isInteger(poolSize) || poolSize <= 0) {
    throw new Error('DATABASE_POOL_SIZE must be a positive integer');
  }
  return poolSize;
}
