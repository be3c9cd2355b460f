import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { adminDistDir } from '@animal-store/admin/dist-dir';
import { API_BASE_PATH } from '@animal-store/contract';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { superviseWorkers } from './cluster-primary.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { createHttpServer } from './http/http-server.js';
import { ensureAnApiKey, NoApiKeyError } from './keys/bootstrap-key.js';
import { KeyVerifier } from './keys/key-verifier.js';
import { createKeyCommand } from './keys/keys-command.js';
import { counterStoresFor } from './limits/counter-stores.js';
import { connectRedisCounterStores } from './limits/redis-counter-store.js';
import { ListenError, listen } from './listen.js';
import { createLogger } from './observability/logger.js';
import type { StoreMetrics } from './observability/metrics.js';
import { metricsOfServingProcess, serveWorkersMetrics } from './observability/serve-metrics.js';
import { DatabaseOpenError } from './store/database.js';
import { openStoreWhenReachable } from './store/repositories.js';
import { bornWithAppPrototypes, databaseTuning, tuneV8ForServing } from './tuning/index.js';

/**
 * After SIGTERM the store keeps reading for this long before it stops listening: a request already sent but not
 * yet parsed sits on a connection Node considers idle, and closing it would reset a request the client sent.
 */
const SHUTDOWN_DRAIN_MS = 1000;

/** How long in-flight requests get to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Expired Idempotency-Keys are swept this often; a sweep is one indexed delete. */
const IDEMPOTENCY_SWEEP_MS = 60 * 60 * 1000;

/** Expected start-up failures: a clear sentence for the operator, no stack trace. */
const STARTUP_ERRORS = [ConfigError, DatabaseOpenError, NoApiKeyError, ListenError];

function printFirstKey(key: string): void {
  process.stderr.write(
    [
      '',
      '  No API key existed, so one was created. It is shown only this once:',
      '',
      `      ${key}`,
      '',
      '  Send it as `Authorization: Bearer <key>`. To create another key (one per client, or to replace this',
      '  one if it is lost), run here, with the same DATABASE_URL:',
      '',
      `      ${createKeyCommand()}`,
      '',
      '  `keys list` shows the keys, `keys revoke ID` withdraws one.',
      '',
      '',
    ].join('\n'),
  );
}

/** Database ready and a key present, before any worker starts: done once, by the primary when there is one. */
async function prepareStore(config: Config, logger: Logger, metrics?: StoreMetrics) {
  const store = await openStoreWhenReachable(config.database, {
    onCommitBatch: metrics && ((size) => metrics.commitBatchSize.observe(size)),
    // The message and code say enough; node-postgres's error carries its whole client, prepared statements and all.
    onConnectionLost: ({ message, code }: Error & { code?: string }) =>
      logger.warn({ code, reason: message }, 'database connection lost; it will be replaced'),
    onRetry: (error, attempt, delayMs) =>
      logger.warn({ err: error, attempt, delayMs }, 'database unreachable at start-up; retrying'),
    tuning: databaseTuning({ namedPostgresStatements: true }),
  });
  const firstKey = await ensureAnApiKey({
    keys: store.keys,
    configuredKeyCount: config.apiKeys.length,
    production: config.env === 'production',
  });
  if (firstKey.kind === 'created') printFirstKey(firstKey.key.key);
  if (firstKey.kind === 'none-active') {
    logger.warn(
      `every API key is revoked, so no request is admitted; create one with \`${createKeyCommand()}\``,
    );
  }
  metrics?.watchPool(() => store.database.poolUsage());
  return store;
}

async function startPrimary(config: Config): Promise<void> {
  const logger = createLogger(config);
  const store = await prepareStore(config, logger);
  await store.database.close();
  superviseWorkers(config.workers, logger);
  await serveWorkersMetrics(config, logger);
}

async function startServer(config: Config): Promise<void> {
  tuneV8ForServing();
  const logger = createLogger(config);
  const metrics = await metricsOfServingProcess(config, logger);
  const store = await prepareStore(config, logger, metrics);
  const counters = config.redisUrl
    ? await connectRedisCounterStores(config.redisUrl, config.redisKeyPrefix, logger)
    : undefined;

  const app = createApp({
    pets: store.pets,
    petCreation: store.petCreation,
    keys: new KeyVerifier(store.keys, config.apiKeys),
    logger,
    checkReady: () => store.database.checkReady(),
    config,
    rateLimits: {
      ...config.rateLimits,
      storeFor: counterStoresFor({ workers: config.workers, redis: counters }),
    },
    adminDistDir,
    metrics,
  });
  const server = createHttpServer(app, config.serverLimits, bornWithAppPrototypes(app));
  await listen(server, config.host, config.port);
  const { port } = server.address() as AddressInfo;
  const origin = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const sweep = setInterval(() => {
    store.idempotencyKeys
      .deleteExpired()
      .catch((error) => logger.warn({ err: error }, 'idempotency sweep failed'));
  }, IDEMPOTENCY_SWEEP_MS).unref();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    clearInterval(sweep);
    // Keep-alive clients are told to reconnect elsewhere with their next response.
    server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
    setTimeout(() => {
      server.close(async () => {
        await counters?.close();
        await store.database.close();
        logger.info('stopped');
        process.exit(0);
      });
      setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    }, SHUTDOWN_DRAIN_MS);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Announced only once a signal stops it gracefully: pino hands the line to libuv's thread pool, which may write it
  // before this function returns, and whoever waits for the line may send SIGTERM at once.
  logger.info(
    {
      api: `${origin}${API_BASE_PATH}`,
      admin: `${origin}/admin/`,
      docs: `${origin}/docs`,
      database: store.database.dialect,
    },
    `Animal Store listening on ${origin}`,
  );
}

try {
  const config = loadConfig(process.env);
  await (config.workers > 1 && cluster.isPrimary ? startPrimary(config) : startServer(config));
} catch (error) {
  // An unexpected failure (a disk that fills during the migrations) is still one sentence: no stack trace leaves
  // the process, and its code says more to an operator than the frames would.
  const { message, code } = error as Error & { code?: unknown };
  const text = STARTUP_ERRORS.some((type) => error instanceof type)
    ? message
    : `Start-up failed: ${message}${typeof code === 'string' ? ` (${code})` : ''}.`;
  // One line per sentence, each marked with the program's name, as a configuration error may hold several.
  for (const line of text.split('\n')) process.stderr.write(`animal-store: ${line}\n`);
  process.exit(1);
}
