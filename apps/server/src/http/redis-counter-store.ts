import type { Logger } from 'pino';
import { RedisStore } from 'rate-limit-redis';
import { createClient } from 'redis';

export interface RedisCounterStores {
  /** A rate-limit counter store for one limiter, under its own key prefix. */
  storeFor(name: string): RedisStore;
  close(): Promise<void>;
}

/**
 * Rate-limit counters in Redis, so that every instance behind a load balancer spends one budget per key. The client
 * reconnects by itself; while Redis is away the limiters let requests through (see rate-limits.ts).
 */
export async function connectRedisCounterStores(url: string, logger: Logger): Promise<RedisCounterStores> {
  const client = createClient({ url });
  client.on('error', (error: Error) => logger.warn({ err: error }, 'rate-limit counter store (Redis) error'));
  await client.connect();
  return {
    storeFor: (name) =>
      new RedisStore({
        prefix: `animal-store:rate-limit:${name}:`,
        sendCommand: (...args: string[]) => client.sendCommand(args),
      }),
    close: async () => {
      await client.close();
    },
  };
}
