import {
  ClusterMemoryStorePrimary,
  ClusterMemoryStoreWorker,
} from '@express-rate-limit/cluster-memory-store';
import type { ClientRateLimitInfo } from 'express-rate-limit';

/**
 * A limiter's counters kept by the cluster primary, so that all the workers of one instance spend one budget
 * (decision 013). The library's worker store has no `get`, which the failed-authentication guard reads with; the
 * primary answers any method of express-rate-limit's MemoryStore, so `get` is sent through the library's own
 * messaging (`send`, private in its types). one-budget-per-instance.test.ts fails if that stops working.
 */
export class ClusterCounterStore extends ClusterMemoryStoreWorker {
  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const messaging = this as unknown as {
      send(command: string, args: unknown[]): Promise<{ totalHits: number; resetTime?: string } | undefined>;
    };
    const info = await messaging.send('get', [key]);
    // Dates cross the IPC channel as strings.
    return (
      info && { totalHits: info.totalHits, resetTime: info.resetTime ? new Date(info.resetTime) : undefined }
    );
  }
}

/** In the cluster primary, before the workers start: keeps the counters they share. */
export function keepCountersForWorkers(): void {
  new ClusterMemoryStorePrimary().init();
}
