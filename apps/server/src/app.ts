import { API_BASE_PATH } from '@animal-store/contract';
import express from 'express';
import type { Logger } from 'pino';
import { apiKeyOperations } from './api/api-key-operations.js';
import { apiKeyUsageOperations } from './api/api-key-usage-operations.js';
import { auditContextReader, scopeRefusalRecorder } from './api/audit-context.js';
import { auditOperations } from './api/audit-operations.js';
import { requireApiKey } from './api/authenticate.js';
import { answerMethodNotAllowed } from './api/method-not-allowed.js';
import { mountOperations } from './api/mount-operations.js';
import { petOperations } from './api/pet-operations.js';
import { servedContract } from './api/served-contract.js';
import type { Config } from './config/config.js';
import { answerRouteNotFound } from './http/api-error.js';
import { clientAddressReader, trustedPeerReader } from './http/client-address.js';
import { errorHandler } from './http/error-handler.js';
import type { HeaderBlock } from './http/header-block.js';
import { apiSecurityHeaders, corsForApi, documentSecurityHeaders } from './http/security-headers.js';
import type { HourlyKeyUsage } from './keys/hourly-key-usage.js';
import type { ForgetKeyEverywhere } from './keys/key-changes-across-workers.js';
import { KeyUsage } from './keys/key-usage.js';
import type { KeyVerifier } from './keys/key-verifier.js';
import { failedAuthenticationLimit, perKeyRateLimit, type RateLimitOptions } from './limits/rate-limits.js';
import { countKeyUsage } from './observability/count-key-usage.js';
import { healthRoutes } from './observability/health.js';
import type { Metrics } from './observability/metrics.js';
import { observeRequests, type RequestObserver } from './observability/observe-requests.js';
import { logWithPino, type RequestLogWriter, requestLog } from './observability/request-logger.js';
import { requestMetrics } from './observability/request-metrics.js';
import type { Tracing } from './observability/tracing-interface.js';
import { adminAppRoutes } from './pages/admin-app.js';
import { apiDocsRoutes, serveOpenApiDocument } from './pages/api-docs.js';
import { faviconRoutes } from './pages/favicon.js';
import type { ApiKeyRepository } from './store/api-key-repository.js';
import type { AuditLog } from './store/audit-log.js';
import type { KeyUsageRepository } from './store/key-usage-repository.js';
import type { PetCreation } from './store/pet-creation.js';
import type { PetRepository } from './store/pet-repository.js';

/**
 * What the tuning may change in the app's request path: how fixed headers are set, how the request log is written.
 * Declared here, where it is applied; the tuning (tuning/) fills it in, and the composition root hands it over.
 */
export interface AppTuning {
  headerBlock?: HeaderBlock;
  requestLogWriter?: RequestLogWriter;
}

export interface AppDependencies {
  pets: PetRepository;
  petCreation: PetCreation;
  apiKeys: ApiKeyRepository;
  /** The audit log of key operations, which the key repository writes too. */
  auditLog: AuditLog;
  /** Each stored key's requests by hour, as written; getApiKeyUsage reads it. */
  keyUsageRecords: KeyUsageRepository;
  /** Counts each stored key's requests in memory, for the composition root to write (keys/hourly-key-usage.ts). */
  hourlyKeyUsage?: HourlyKeyUsage;
  keyVerifier: KeyVerifier;
  /** Makes a key revoked or rotated here hold at once in every worker of the instance; by default, in this process. */
  forgetKeyEverywhere?: ForgetKeyEverywhere;
  logger: Logger;
  /** Resolves when the database can serve; backs /readyz. */
  checkReady: () => Promise<void>;
  config: Pick<Config, 'corsOrigins' | 'adminEnvironments' | 'publicBaseUrl'> &
    Partial<Pick<Config, 'trustProxy'>>;
  rateLimits: RateLimitOptions;
  /** Folder of the built admin app. */
  adminDistDir: string;
  /** Counts every request when metrics are exported (METRICS_PORT). */
  metrics?: Metrics;
  /** A server span for every request when traces are exported (OTEL_EXPORTER_OTLP_ENDPOINT). */
  tracing?: Pick<Tracing, 'traceRequests' | 'idsOf'>;
  /** Faster ways to set the fixed headers and write the request log (tuning/); without it, Node's and pino's own. */
  tuning?: AppTuning;
}

/** Origins of the absolute API base addresses the admin app may switch to. */
function apiOrigins(config: AppDependencies['config']): string[] {
  return config.adminEnvironments.flatMap(({ baseUrl }) =>
    /^https?:/.test(baseUrl) ? [new URL(baseUrl).origin] : [],
  );
}

/**
 * The request pipeline on one page: every step a request meets, top to bottom. A step that answers ends the
 * request there; anything thrown, or passed on as an error, goes to the one error exit at the bottom.
 *
 * Before this app, the HTTP server (http/http-server.ts) answers what Node refuses to parse (bad framing,
 * oversized headers, no Host) with the same Error body, and holds a body to REQUEST_TIMEOUT_MS.
 *
 * Builds the application and nothing else: no listener, no timer, nothing outside the app is touched, so that
 * tests get a fresh app for every database they open.
 */
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

  // 1. The request's id and context; the log, the metrics and the key's usage count hear of it when it arrives and
  //    when it is answered; with tracing on, its span, active for every later step.
  const { headerBlock, requestLogWriter = logWithPino(deps.logger) } = deps.tuning ?? {};
  const observers: RequestObserver[] = [requestLog(requestLogWriter, clientAddress, deps.tracing?.idsOf)];
  if (deps.metrics) observers.push(requestMetrics(deps.metrics));
  if (deps.hourlyKeyUsage) observers.push(countKeyUsage(deps.hourlyKeyUsage));
  const trustedPeer = trustedPeerReader(trustProxy !== undefined);
  const observe = [
    observeRequests(trustedPeer, observers),
    ...(deps.tracing ? [deps.tracing.traceRequests(trustedPeer)] : []),
  ];

  // 4. (Built here, run inside each operation's steps below.) Authentication and its limits, before anything of an
  //    operation is read: an address that failed too often is refused, then the key is verified (a failure counts
  //    against the address), then the key's networks (a success is noted as the key's last use), then its limit.
  const failedAuthentications = failedAuthenticationLimit(deps.rateLimits, clientAddress);
  const keyUsage = new KeyUsage(deps.apiKeys, deps.logger);
  const authenticate = [
    failedAuthentications.refuseBlockedAddress,
    requireApiKey(deps.keyVerifier, failedAuthentications.recordFailure, keyUsage, clientAddress),
    perKeyRateLimit(deps.rateLimits, deps.logger),
  ];

  // 2. The API's security headers and CORS. The API first, as it is what is called most: every layer a request
  //    passes costs. Nothing under /v1 falls through to the pages.
  app.use(API_BASE_PATH, ...observe, apiSecurityHeaders(headerBlock), ...corsForApi(deps.config.corsOrigins));
  app.get(`${API_BASE_PATH}/openapi.json`, serveOpenApiDocument);
  // 3.–6. The operations (api/mount-operations.ts): 3. each one's own steps (api/pet-operations.ts,
  //    api/api-key-operations.ts), 4. authentication and the scope the contract names, 5. its body steps,
  //    6. validation by the contract, then its handler.
  //    A key operation records its changes and refusals with who asked and from where, by the log's address rule.
  const auditContextOf = auditContextReader(clientAddress);
  const operations = {
    ...petOperations({ ...deps, publicBaseUrl: deps.config.publicBaseUrl }),
    ...apiKeyOperations({
      ...deps,
      keyUsage,
      publicBaseUrl: deps.config.publicBaseUrl,
      auditContextOf,
      keyLimitMaxPerMinute: deps.rateLimits.keyLimitMaxPerMinute,
    }),
    ...apiKeyUsageOperations({ apiKeys: deps.apiKeys, keyUsage: deps.keyUsageRecords }),
    ...auditOperations({ ...deps, publicBaseUrl: deps.config.publicBaseUrl }),
  };
  mountOperations(app, operations, {
    authenticate,
    recordScopeRefusal: scopeRefusalRecorder(deps.auditLog, auditContextOf),
    logger: deps.logger,
    keyUsage,
    headerBlock,
    traceIdsOf: deps.tracing?.idsOf,
  });
  // 7. A path of the contract with a method it does not define: 405 with `Allow`; any other path under /v1: 404.
  //    Both after authentication, so that an unauthenticated client learns nothing of the API.
  answerMethodNotAllowed(app, servedContract, authenticate);
  app.use(API_BASE_PATH, ...authenticate, answerRouteNotFound);

  // 2. (pages) Health, the icon, the API's documentation and the admin app, with the headers a browser document needs.
  app.use(...observe, documentSecurityHeaders(apiOrigins(deps.config), headerBlock));
  app.use(healthRoutes(deps.checkReady, deps.logger));
  app.use(faviconRoutes());
  app.use(
    apiDocsRoutes({ environments: deps.config.adminEnvironments, publicBaseUrl: deps.config.publicBaseUrl }),
  );
  app.use(adminAppRoutes({ distDir: deps.adminDistDir, environments: deps.config.adminEnvironments }));
  app.use(answerRouteNotFound);

  // 8. The one error exit: every error, of any step, becomes the one Error body; never a stack trace.
  app.use(errorHandler(deps.logger));
  return app;
}
