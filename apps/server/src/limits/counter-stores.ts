import { type Store as CounterStore, MemoryStore } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { ClusterCounterStore } from './cluster-counter-store.js';
import { type CommandTracer, connectRedisCounterStores } from './redis-counter-store.js';

export type { CounterStore };

/** Where the rate limits count: a counter store per limiter, by name. */
export interface CounterStores {
  storeFor(name: string): CounterStore;
  close(): Promise<void>;
}

/**
 * Where each limiter counts. One instance spends one budget whatever WORKERS is: its workers count in the cluster
 * primary, a single process in itself. With Redis, every instance shares one budget, and the instance's own
 * counters stand in while Redis is away.
 */
export async function connectCounterStores(
  config: Pick<Config, 'workers' | 'redisUrl' | 'redisKeyPrefix'>,
  logger: Logger,
  /** Each Redis command as a span, when tracing is on. */
  traceCommand?: CommandTracer,
): Promise<CounterStores> {
  const local = (name: string) => (config.workers > 1 ? new ClusterCounterStore(name) : new MemoryStore());
  if (!config.redisUrl) return { storeFor: local, close: async () => {} };
  const redis = await connectRedisCounterStores(config.redisUrl, config.redisKeyPrefix, logger, traceCommand);
  return { storeFor: (name) => redis.storeFor(name, local(name)), close: () => redis.close() };
}
