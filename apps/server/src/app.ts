import express from 'express';
import type { Logger } from 'pino';
import { apiDocsRoutes } from './http/api-docs.js';
import { sendError } from './http/api-error.js';
import { errorHandler } from './http/error-handler.js';
import { healthRoutes } from './http/health.js';
import { requestLogger } from './http/request-logger.js';
import { v1Router } from './http/v1-router.js';
import type { KeyVerifier } from './keys/key-verifier.js';
import type { PetRepository } from './store/pet-repository.js';

export interface AppDependencies {
  pets: PetRepository;
  keys: KeyVerifier;
  logger: Logger;
  /** Resolves when the database is reachable; backs /readyz. */
  pingDatabase: () => Promise<void>;
}

/** Builds the HTTP application. No side effects: tests get a fresh app for every database they open. */
export function createApp(deps: AppDependencies): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(requestLogger(deps.logger));
  app.use(healthRoutes(deps.pingDatabase));
  app.use(apiDocsRoutes());
  app.use('/v1', v1Router(deps));
  app.use((req, res) => {
    sendError(res, 'route_not_found', `No operation at ${req.method} ${req.path}.`);
  });
  app.use(errorHandler);
  return app;
}
