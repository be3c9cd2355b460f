import { contract } from '@animal-store/contract';
import { createExpressEndpoints } from '@ts-rest/express';
import express, { Router } from 'express';
import type { Logger } from 'pino';
import type { KeyVerifier } from '../keys/key-verifier.js';
import type { PetCreation } from '../store/pet-creation.js';
import type { PetRepository } from '../store/pet-repository.js';
import { serveOpenApiDocument } from './api-docs.js';
import { answerRouteNotFound } from './api-error.js';
import { requireApiKey } from './auth.js';
import { deprecated } from './deprecation.js';
import { inSequence } from './in-sequence.js';
import { answerMethodNotAllowed } from './method-not-allowed.js';
import { petHandlers } from './pet-handlers.js';
import { failedAuthenticationLimit, perKeyRateLimit, type RateLimitOptions } from './rate-limits.js';
import { requestLogger } from './request-logger.js';
import { requireJsonBody, validationErrorHandler } from './request-validation.js';
import { apiSecurityHeaders, corsForApi } from './security-headers.js';

const BODY_LIMIT = '16kb';

/**
 * The contract's operations, in the order every request meets them: authentication (and its limits) first, then
 * the body.
 */
export function v1Router(deps: {
  pets: PetRepository;
  petCreation: PetCreation;
  keys: KeyVerifier;
  logger: Logger;
  rateLimits: RateLimitOptions;
  corsOrigins: readonly string[];
}): Router {
  const router = Router();
  const failedAuthentications = failedAuthenticationLimit(deps.rateLimits);
  router.use(inSequence(requestLogger(deps.logger), apiSecurityHeaders, corsForApi(deps.corsOrigins)));
  router.get('/openapi.json', serveOpenApiDocument);
  router.get('/pets/:petId', deprecated({ successor: '/v1/pets', logger: deps.logger, operation: 'getPet' }));
  router.use(
    inSequence(
      failedAuthentications.refuseBlockedAddress,
      requireApiKey(deps.keys, failedAuthentications.recordFailure),
      perKeyRateLimit(deps.rateLimits, deps.logger),
    ),
  );
  // Only createPet has a body: reads skip the content-type check and the parser.
  router.post('/pets', requireJsonBody, express.json({ limit: BODY_LIMIT }));
  createExpressEndpoints(contract, petHandlers(deps), router, {
    requestValidationErrorHandler: validationErrorHandler,
    globalMiddleware: [
      (req, res, next) => {
        res.locals.route = `/v1${req.tsRestRoute.path}`;
        next();
      },
    ],
  });
  answerMethodNotAllowed(router, contract);
  router.use(answerRouteNotFound);
  return router;
}
