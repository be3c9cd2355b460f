import type { AddressInfo } from 'node:net';
import { adminDistDir } from '@animal-store/admin/dist-dir';
import { API_BASE_PATH, hostForUrl, KEY_USAGE_RETENTION_DAYS } from '@animal-store/contract';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import type { Config } from './config/config.js';
import { holdServingLease } from './database/serving-lease.js';
import { createHttpServer } from './http/http-server.js';
import { HourlyKeyUsage } from './keys/hourly-key-usage.js';
import { forgetKeysAcrossWorkers } from './keys/key-changes-across-workers.js';
import { KeyVerifier } from './keys/key-verifier.js';
import { connectCounterStores } from './limits/counter-stores.js';
import { listen } from './listen.js';
import { createLogger } from './observability/logger.js';
import { metricsOfServingProcess } from './observability/serve-metrics.js';
import { startTracingIfConfigured } from './observability/tracing-switch.js';
import { prepareStore } from './prepare-store.js';
import { RELEASE_VERSION } from './release-version.js';
import { appTuning, bornWithAppPrototypes, logTuning } from './tuning/index.js';

/** A whole store, built but not yet listening. */
export interface StoreServer {
  /** Listens on HOST:PORT; resolves with the origin it serves, e.g. `http://127.0.0.1:3000`. */
  listen(): Promise<string>;
  /**
   * Stops gracefully: the store keeps reading for a moment, finishes the requests in flight (cut after a grace
   * period), then closes its listeners, its counters and its database. Called once; later calls get the same end.
   */
  close(): Promise<void>;
}

export interface StoreServerOptions {
  logger?: Logger;
  /** Expired Idempotency-Keys are swept this often; a sweep is a few indexed deletes. */
  idempotencySweepMs?: number;
  /** How long the store keeps reading after close() begins. */
  shutdownDrainMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** An hour: expired keys cost only space, and a sweep is cheap but not free. */
const IDEMPOTENCY_SWEEP_MS = 60 * 60 * 1000;

/**
 * After close() begins the store keeps reading for this long before it stops listening: a request already sent
 * but not yet parsed sits on a connection Node considers idle, and closing it would reset a request the client sent.
 */
const SHUTDOWN_DRAIN_MS = 1000;

/** How long in-flight requests get to finish before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The composition root: builds every part of one serving process (the database and its first key, the metrics,
 * the rate-limit counters, the app, the HTTP server and the idempotency sweep) from the configuration.
 */
export async function createStoreServer(
  config: Config,
  options: StoreServerOptions = {},
): Promise<StoreServer> {
  const logger = options.logger ?? createLogger(config);
  // Before the first line: a log file that refuses lines from the start (a full disk) costs lines, not the store.
  const droppedLogLines = { total: 0 };
  logTuning(logger, (lines) => {
    droppedLogLines.total += lines;
  });
  const metrics = await metricsOfServingProcess(config, logger);
  metrics?.metrics.watchDroppedLogLines(() => droppedLogLines.total);
  const tracing = await startTracingIfConfigured(config.tracing, logger);
  const repositories = await prepareStore(config, logger, metrics?.metrics, tracing?.traceQuery);
  // Held until the database closes: `data restore` and `data copy --to` refuse a database a store serves.
  const lease = await holdServingLease(config.database, logger);
  const counters = await connectCounterStores(config, logger, tracing?.traceCommand);
  const keyVerifier = new KeyVerifier(repositories.apiKeys, config.apiKeys);
  const hourlyKeyUsage = new HourlyKeyUsage(repositories.keyUsage, logger, {
    writeIntervalMs: config.keyUsageWriteSeconds * 1000,
  });
  const app = createApp({
    pets: repositories.pets,
    petCreation: repositories.petCreation,
    apiKeys: repositories.apiKeys,
    auditLog: repositories.auditLog,
    keyUsageRecords: repositories.keyUsage,
    hourlyKeyUsage,
    keyVerifier,
    forgetKeyEverywhere: forgetKeysAcrossWorkers(keyVerifier, logger),
    logger,
    checkReady: () => repositories.database.checkReady(),
    config,
    rateLimits: { ...config.rateLimits, storeFor: counters.storeFor },
    adminDistDir,
    metrics: metrics?.metrics,
    tracing,
    tuning: appTuning(logger),
  });
  // The tuning's request and response classes are made for this app, and become its prototypes (tuning/).
  const server = createHttpServer(
    app,
    config.serverLimits,
    bornWithAppPrototypes(app),
    tracing?.traceRefusal,
  );
  let sweep: NodeJS.Timeout | undefined;
  let closed: Promise<void> | undefined;

  const stop = async () => {
    logger.info('shutting down: finishing in-flight requests');
    clearInterval(sweep);
    // Keep-alive clients are told to reconnect elsewhere with their next response.
    server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
    await new Promise((resolve) => setTimeout(resolve, options.shutdownDrainMs ?? SHUTDOWN_DRAIN_MS));
    const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    if (server.listening) await new Promise((resolve) => server.close(resolve));
    clearTimeout(cut);
    // After the last request, before the database closes: every counted request is written.
    await hourlyKeyUsage.stop();
    await Promise.all([counters.close(), metrics?.close(), repositories.database.close(), lease.release()]);
    // Last, so that the spans of the requests just finished are sent with the rest.
    await tracing?.shutdown();
    logger.info('stopped');
  };

  return {
    async listen() {
      await listen(server, config.host, config.port);
      const origin = `http://${hostForUrl(config.host)}:${(server.address() as AddressInfo).port}`;
      hourlyKeyUsage.start();
      sweep = setInterval(() => {
        repositories.idempotencyKeys
          .deleteExpired()
          .catch((error) => logger.warn({ err: error }, 'idempotency sweep failed'));
        // The audit log's retention, on the same sweep: a prune is one indexed read and a delete of the oldest.
        if (config.auditRetentionDays > 0) {
          repositories.auditLog
            .prune(Date.now() - config.auditRetentionDays * DAY_MS)
            .catch((error) => logger.warn({ err: error }, 'audit log retention failed'));
        }
        // Each key's hourly counts, kept as long as getApiKeyUsage promises.
        repositories.keyUsage
          .prune(Date.now() - KEY_USAGE_RETENTION_DAYS * DAY_MS)
          .catch((error) => logger.warn({ err: error }, 'API key usage retention failed'));
      }, options.idempotencySweepMs ?? IDEMPOTENCY_SWEEP_MS).unref();
      logger.info(
        {
          api: `${origin}${API_BASE_PATH}`,
          admin: `${origin}/admin/`,
          docs: `${origin}/docs`,
          database: repositories.database.dialect,
          release: RELEASE_VERSION,
        },
        `Animal Store listening on ${origin}`,
      );
      return origin;
    },
    close() {
      closed ??= stop();
      return closed;
    },
  };
}
