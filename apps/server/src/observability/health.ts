import { Router } from 'express';
import type { Logger } from 'pino';
import { isStorageFailure } from '../database/database-errors.js';
import { sendError } from '../http/api-error.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../http/error-handler.js';
import { onlyGetAndHead } from '../http/method-not-allowed.js';
import { errorTypeOf, tellRequestEvent } from '../http/request-events.js';

/**
 * Liveness and readiness for load balancers and orchestrators; no authentication, no details. Readiness asks the
 * database's shared probe (one a second at most, whoever calls), and logs each failure once, not once per caller.
 */
export function healthRoutes(checkReady: () => Promise<void>, logger: Logger): Router {
  let lastLogged: unknown;
  const router = Router();
  router.all(['/healthz', '/readyz'], onlyGetAndHead);
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    try {
      await checkReady();
      res.json({ status: 'ready' });
    } catch (error) {
      if (error !== lastLogged) logger.warn({ err: error }, 'readiness check failed');
      lastLogged = error;
      if (!isStorageFailure(error)) {
        tellRequestEvent(res, {
          kind: 'database_unavailable',
          errorType: errorTypeOf(error),
          retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
        });
      }
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      sendError(
        res,
        'service_unavailable',
        isStorageFailure(error) ? 'The database cannot store changes.' : 'The database cannot be reached.',
      );
    }
  });
  return router;
}
