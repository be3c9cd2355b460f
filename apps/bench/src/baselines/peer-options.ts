import type { DestinationStream } from 'pino';
import type { StoreQueries } from './store-queries.js';

/** What each peer is built from: the store's queries, the per-key limit, and where its request log goes. */
export interface PeerOptions {
  queries: StoreQueries;
  rateLimitPerMinute: number;
  /** One JSON line per request: standard output in the bench (the harness writes it to a file), a file in tests. */
  logStream: DestinationStream;
}
