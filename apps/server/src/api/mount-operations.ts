import { type AuditAction, MAX_BODY_BYTES, requiredScope } from '@animal-store/contract';
import type { AppRoute } from '@ts-rest/core';
import { createExpressEndpoints, type TsRestRequestHandler } from '@ts-rest/express';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { HeaderBlock } from '../http/header-block.js';
import { passValidationFailureOn, refuseInvalidUtf8, requireJsonBody } from '../http/request-validation.js';
import type { KeyUsage } from '../keys/key-usage.js';
import type { TraceIds } from '../observability/tracing-interface.js';
import { requireScope } from './authenticate.js';
import { deprecated } from './deprecation.js';
import type { Operation, Operations } from './operation.js';
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

interface SharedSteps {
  authenticate: readonly RequestHandler[];
  logger: Logger;
  keyUsage: KeyUsage;
  /** How a deprecated operation's fixed headers are set (tuning/); Node's `setHeader` each by default. */
  headerBlock?: HeaderBlock;
  /** With tracing on: the ids that join a request's log lines to its trace. */
  traceIdsOf?: (res: Response) => TraceIds | undefined;
  /** Records a key operation refused for want of its scope (api/audit-context.ts). */
  recordScopeRefusal?: (req: Request, res: Response, action: AuditAction) => Promise<void>;
}

/**
 * The steps of one operation, in order: its deprecation headers (before authentication, so that a refused caller
 * learns of the sunset too), authentication and its limits, the scope the contract says it needs, then its body.
 * ts-rest validates after these.
 */
function stepsOf(
  operation: Operation<AppRoute>,
  route: AppRoute,
  name: string,
  { authenticate, logger, keyUsage, headerBlock, traceIdsOf, recordScopeRefusal }: SharedSteps,
): RequestHandler[] {
  const scope = requiredScope(route);
  const { auditedAs } = operation;
  const recordRefusal =
    auditedAs &&
    recordScopeRefusal &&
    ((req: Request, res: Response) => recordScopeRefusal(req, res, auditedAs));
  return [
    ...(operation.deprecatedFor === undefined
      ? []
      : [
          deprecated({
            successor: operation.deprecatedFor,
            logger,
            operation: name,
            keyUsage,
            headerBlock,
            traceIdsOf,
          }),
        ]),
    ...authenticate,
    ...(scope === undefined ? [] : [requireScope(scope, name, recordRefusal)]),
    ...(operation.readsJsonBody ? [requireJsonBody, parseJsonBody] : []),
  ];
}

/**
 * Serves every operation of the contract under /v1: its own steps, validation by the contract's schemas (a failure
 * goes to the one error exit), then its handler.
 */
export function mountOperations(app: Express, operations: Operations, shared: SharedSteps): void {
  const routes = Object.fromEntries(
    Object.entries(operations).map(([name, operation]) => [
      name,
      {
        middleware: beforeValidation(
          stepsOf(operation as Operation<AppRoute>, servedContract[name as keyof Operations], name, shared),
        ),
        handler: operation.handler,
      },
    ]),
  ) as unknown as Parameters<typeof createExpressEndpoints<typeof servedContract>>[1];
  createExpressEndpoints(servedContract, routes, app, {
    requestValidationErrorHandler: passValidationFailureOn,
  });
}
