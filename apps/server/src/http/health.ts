import { Router } from 'express';
import type { Logger } from 'pino';
import { isStorageFailure } from '../store/database-errors.js';
import { sendError } from './api-error.js';
import { DATABASE_RETRY_AFTER_SECONDS } from './error-handler.js';

/** Liveness and readiness for load balancers and orchestrators; no authentication, no details. */
export function healthRoutes(ping: () => Promise<void>, logger: Logger): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    try {
      await ping();
      res.json({ status: 'ready' });
    } catch (error) {
      logger.warn({ err: error }, 'readiness check failed');
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
