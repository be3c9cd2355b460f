import type { Server } from 'node:http';
import type { StoreQueries } from './store-queries.js';

/** The harness stops every contender with SIGTERM; a baseline closes its database so the file is left consistent. */
export function stopOnSignals(server: Server, queries: StoreQueries): void {
  const stop = () => {
    server.close(() => {
      queries.close().finally(() => process.exit(0));
    });
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
