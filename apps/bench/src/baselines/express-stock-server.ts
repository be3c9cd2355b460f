import pino from 'pino';
import { peerEnv } from './baseline-env.js';
import { expressStockPeer } from './express-stock-app.js';
import { stopOnSignals } from './stop-on-signals.js';

/**
 * Peer (e), stock Express 5 with the store's features, started with `app.listen`. Its log goes to standard output
 * as the store's does, written asynchronously as the store writes it; the harness sends it to a file.
 */
const { port, queries, rateLimitPerMinute } = peerEnv(process.env);
const app = expressStockPeer({ queries, rateLimitPerMinute, logStream: pino.destination({ sync: false }) });
stopOnSignals(app.listen(port, '127.0.0.1'), queries);
