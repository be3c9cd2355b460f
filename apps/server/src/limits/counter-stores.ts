import { MemoryStore, type Store } from 'express-rate-limit';
import { ClusterCounterStore } from './cluster-counter-store.js';
import type { RedisCounterStores } from './redis-counter-store.js';

/**
 * Where each limiter counts. One instance spends one budget whatever WORKERS is: its workers count in the cluster
 * primary, a single process in itself. With Redis, every instance shares one budget, and the instance's own
 * counters stand in while Redis is away.
 */
export function counterStoresFor(options: {
  workers: number;
  redis: RedisCounterStores | undefined;
}): (name: string) => Store {
  return (name) => {
    const local = options.workers > 1 ? new ClusterCounterStore(name) : new MemoryStore();
    return options.redis ? options.redis.storeFor(name, local) : local;
  };
}
