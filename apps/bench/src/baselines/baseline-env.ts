import { postgresStoreQueries } from './postgres-store-queries.js';
import { sqliteStoreQueries } from './sqlite-store-queries.js';
import type { StoreQueries } from './store-queries.js';

/** The baselines read the store's own variables, so the harness starts every contender the same way. */
export function baselineEnv(env: NodeJS.ProcessEnv): { port: number; queries: StoreQueries } {
  const port = Number(env.PORT);
  const url = env.DATABASE_URL ?? '';
  if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be a port number');
  if (url.startsWith('file:')) return { port, queries: sqliteStoreQueries(url.slice('file:'.length)) };
  if (url.startsWith('postgres://')) return { port, queries: postgresStoreQueries(url, poolSizeOf(env)) };
  throw new Error('DATABASE_URL must start with file: or postgres://');
}

/**
 * The peers (d) and (e) also read the store's per-key limit, RATE_LIMIT_PER_MINUTE, which the harness raises for
 * every contender alike so that the limiters run and never refuse.
 */
export function peerEnv(
  env: NodeJS.ProcessEnv,
): ReturnType<typeof baselineEnv> & { rateLimitPerMinute: number } {
  const rateLimitPerMinute = Number(env.RATE_LIMIT_PER_MINUTE);
  if (!Number.isInteger(rateLimitPerMinute) || rateLimitPerMinute <= 0) {
    throw new Error('RATE_LIMIT_PER_MINUTE must be a positive integer');
  }
  return { ...baselineEnv(env), rateLimitPerMinute };
}

function poolSizeOf(env: NodeJS.ProcessEnv): number {
  const poolSize = Number(env.DATABASE_POOL_SIZE);
  if (!Number.isInteger(poolSize) || poolSize <= 0) {
    throw new Error('DATABASE_POOL_SIZE must be a positive integer');
  }
  return poolSize;
}
