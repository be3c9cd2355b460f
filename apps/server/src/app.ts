import express from 'express';
import type { Logger } from 'pino';
import { mountV1Api } from './api/v1-api.js';
import type { Config } from './config.js';
import { answerRouteNotFound } from './http/api-error.js';
import { clientAddressReader, trustedPeerReader } from './http/client-address.js';
import { errorHandler } from './http/error-handler.js';
import { documentSecurityHeaders } from './http/security-headers.js';
import type { KeyVerifier } from './keys/key-verifier.js';
import type { RateLimitOptions } from './limits/rate-limits.js';
import { healthRoutes } from './observability/health.js';
import type { StoreMetrics } from './observability/metrics.js';
import { requestLogger } from './observability/request-logger.js';
import { requestCounter } from './observability/request-metrics.js';
import { adminAppRoutes } from './pages/admin-app.js';
import { apiDocsRoutes } from './pages/api-docs.js';
import type { PetCreation } from './store/pet-creation.js';
import type { PetRepository } from './store/pet-repository.js';

export interface AppDependencies {
  pets: PetRepository;
  petCreation: PetCreation;
  keys: KeyVerifier;
  logger: Logger;
  /** Resolves when the database is reachable; backs /readyz. */
  checkReady: () => Promise<void>;
  config: Pick<Config, 'corsOrigins' | 'adminEnvironments' | 'publicBaseUrl'> &
    Partial<Pick<Config, 'trustProxy'>>;
  rateLimits: RateLimitOptions;
  /** Folder of the built admin app. */
  adminDistDir: string;
  /** Counts every request when metrics are exported (METRICS_PORT). */
  metrics?: StoreMetrics;
}

/** Origins of the absolute API base addresses the admin app may switch to. */
function apiOrigins(config: AppDependencies['config']): string[] {
  return config.adminEnvironments.flatMap(({ baseUrl }) =>
    /^https?:/.test(baseUrl) ? [new URL(baseUrl).origin] : [],
  );
}

/** Builds the HTTP application. No side effects: tests get a fresh app for every database they open. */
export function createApp(deps: AppDependencies): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // Lists change with every create and are paged by cursor: hashing each body for an ETag costs more than it saves.
  app.set('etag', false);
  // Only the configured proxies may name the client (TRUST_PROXY); by default X-Forwarded-For is not read at all.
  const { trustProxy } = deps.config;
  if (trustProxy !== undefined) app.set('trust proxy', trustProxy);
  const clientAddress = clientAddressReader(trustProxy !== undefined);
  const trustedPeer = trustedPeerReader(trustProxy !== undefined);
  // Every request passes exactly one of the two request logs below, which also counts it when metrics are on.
  const counter = deps.metrics && requestCounter(deps.metrics);
  // The API first, with its own request log and headers: every layer a request passes costs, and the API is what is
  // called most. Nothing under /v1 falls through to the layers below.
  mountV1Api(app, {
    ...deps,
    corsOrigins: deps.config.corsOrigins,
    publicBaseUrl: deps.config.publicBaseUrl,
    clientAddress,
    trustedPeer,
    counter,
  });
  app.use(
    requestLogger(deps.logger, clientAddress, trustedPeer, counter),
    documentSecurityHeaders(apiOrigins(deps.config)),
  );
  app.use(healthRoutes(deps.checkReady, deps.logger));
  app.use(
    apiDocsRoutes({
      environments: deps.config.adminEnvironments,
      publicBaseUrl: deps.config.publicBaseUrl,
    }),
  );
  app.use(adminAppRoutes({ distDir: deps.adminDistDir, environments: deps.config.adminEnvironments }));
  app.use(answerRouteNotFound);
  app.use(errorHandler(deps.logger));
  return app;
}
