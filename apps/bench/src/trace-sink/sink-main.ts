import { traceSinkServer } from './sink-server.js';

/**
 * The trace sink as the bench runs it: in a process of its own on PORT, as a collector beside the store would be,
 * not in the bench's, where it would take its time from the load generator.
 */
const { server } = traceSinkServer();
server.listen(Number(process.env.PORT), '127.0.0.1');

// The harness stops it with SIGTERM after the contender exporting to it has stopped and sent its last spans.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
