import { API_BASE_PATH, MAX_BODY_BYTES } from '@animal-store/contract';
import type { AppRoute } from '@ts-rest/core';
import { createExpressEndpoints, type TsRestRequestHandler } from '@ts-rest/express';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { answerRouteNotFound } from '../http/api-error.js';
import type { ClientAddress } from '../http/client-address.js';
import { apiSecurityHeaders, corsForApi } from '../http/security-headers.js';
import type { KeyVerifier } from '../keys/key-verifier.js';
import { failedAuthenticationLimit, perKeyRateLimit, type RateLimitOptions } from '../limits/rate-limits.js';
import { requestLogger, type TrustedPeer } from '../observability/request-logger.js';
import type { RequestCounter } from '../observability/request-metrics.js';
import { serveOpenApiDocument } from '../pages/api-docs.js';
import type { PetCreation } from '../store/pet-creation.js';
import type { PetRepository } from '../store/pet-repository.js';
import { requireApiKey } from './authenticate.js';
import { deprecated } from './deprecation.js';
import { answerMethodNotAllowed } from './method-not-allowed.js';
import { petHandlers } from './pet-operations.js';
import { refuseInvalidUtf8, requireJsonBody, validationErrorHandler } from './request-validation.js';
import { servedContract } from './served-contract.js';

/**
 * Any JSON value is parsed (not only objects and arrays), so that `null` or `"Rex"` is told by validation that
 * the body must be an object, rather than that it is not JSON; bytes that are not UTF-8 are refused.
 */
const parseJsonBody = express.json({ limit: MAX_BODY_BYTES, strict: false, verify: refuseInvalidUtf8 });

/**
 * ts-rest types an operation's middleware by the request after validation, but runs it before: on the request as
 * Express parsed it, which is what these steps read.
 */
function beforeValidation<T extends AppRoute>(steps: RequestHandler[]): TsRestRequestHandler<T>[] {
  return steps as unknown as TsRestRequestHandler<T>[];
}

/**
 * Serves everything under /v1 on the application itself. Every request meets, in order: the request log, the API's
 * headers and CORS (before anything can fail, so that even an undecodable path is logged); then, for the
 * operations, authentication (and its limits) before the body. A path or method the contract does not define is
 * answered here too, after authentication, so that nothing under /v1 reaches the pages.
 */
export function mountV1Api(
  app: Express,
  deps: {
    pets: PetRepository;
    petCreation: PetCreation;
    keys: KeyVerifier;
    logger: Logger;
    rateLimits: RateLimitOptions;
    corsOrigins: readonly string[];
    publicBaseUrl: string | undefined;
    clientAddress: ClientAddress;
    trustedPeer: TrustedPeer;
    counter: RequestCounter | undefined;
  },
): void {
  const failedAuthentications = failedAuthenticationLimit(deps.rateLimits, deps.clientAddress);
  const authenticate = [
    failedAuthentications.refuseBlockedAddress,
    requireApiKey(deps.keys, failedAuthentications.recordFailure),
    perKeyRateLimit(deps.rateLimits, deps.logger),
  ];
  const operations = petHandlers(deps);

  app.use(
    API_BASE_PATH,
    requestLogger(deps.logger, deps.clientAddress, deps.trustedPeer, deps.counter),
    apiSecurityHeaders,
    corsForApi(deps.corsOrigins),
  );
  app.get(`${API_BASE_PATH}/openapi.json`, serveOpenApiDocument);
  createExpressEndpoints(
    servedContract,
    {
      listPets: { middleware: beforeValidation(authenticate), handler: operations.listPets },
      // Only createPet has a body: reads skip the content-type check and the parser.
      createPet: {
        middleware: beforeValidation([...authenticate, requireJsonBody, parseJsonBody]),
        handler: operations.createPet,
      },
      getPet: {
        middleware: beforeValidation([
          deprecated({ successor: `${API_BASE_PATH}/pets`, logger: deps.logger, operation: 'getPet' }),
          ...authenticate,
        ]),
        handler: operations.getPet,
      },
    },
    app,
    { requestValidationErrorHandler: validationErrorHandler },
  );
  answerMethodNotAllowed(app, servedContract, authenticate);
  app.use(API_BASE_PATH, ...authenticate, answerRouteNotFound);
}
