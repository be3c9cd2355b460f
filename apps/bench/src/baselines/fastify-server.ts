import pino from 'pino';
import { peerEnv } from './baseline-env.js';
import { fastifyPeer } from './fastify-app.js';
import { stopOnSignals } from './stop-on-signals.js';

/**
 * Peer (d), Fastify 5 with the store's features. Its log goes to standard output as the store's does, written
 * asynchronously as the store writes it; the harness sends it to a file.
 */
const { port, queries, rateLimitPerMinute } = peerEnv(process.env);
const app = await fastifyPeer({ queries, rateLimitPerMinute, logStream: pino.destination({ sync: false }) });
await app.listen({ port, host: '127.0.0.1' });
stopOnSignals(app.server, queries);
