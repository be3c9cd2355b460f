import type {
  ClientRateLimitInfo,
  Store as CounterStore,
  IncrementResponse,
  Options,
} from 'express-rate-limit';
import type { RedisHealth } from './redis-health.js';

/**
 * A limiter's counters in Redis, shared by every instance, with the instance's own counters standing in while
 * Redis is away: clients stay limited (by this instance's count) and requests never wait for Redis. The shared
 * store is initialised (its scripts loaded) on first use and again after a failed attempt, so that Redis being away
 * at start-up costs nothing once it comes.
 */
export class CounterStoreWithFallback implements CounterStore {
  private options: Options | undefined;
  private sharedReady: Promise<void> | undefined;

  constructor(
    private readonly shared: CounterStore,
    private readonly local: CounterStore,
    private readonly health: RedisHealth,
  ) {}

  async init(options: Options): Promise<void> {
    this.options = options;
    await this.local.init?.(options);
  }

  increment(key: string): Promise<IncrementResponse> {
    return this.run((store) => store.increment(key));
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.run((store) => store.get?.(key));
  }

  decrement(key: string): Promise<void> {
    return this.run((store) => store.decrement(key));
  }

  resetKey(key: string): Promise<void> {
    return this.run((store) => store.resetKey(key));
  }

  private async run<T>(operation: (store: CounterStore) => T | Promise<T>): Promise<T> {
    if (this.health.usable) {
      try {
        await this.sharedInitialised();
        return await operation(this.shared);
      } catch (error) {
        this.health.commandFailed(error);
      }
    }
    return operation(this.local);
  }

  private sharedInitialised(): Promise<void> {
    this.sharedReady ??= Promise.resolve(this.shared.init?.(this.options as Options)).catch((error) => {
      this.sharedReady = undefined;
      throw error;
    });
    return this.sharedReady;
  }
}
