import { Router } from 'express';
import { sendError } from './api-error.js';
import { DATABASE_RETRY_AFTER_SECONDS } from './error-handler.js';

/** Liveness and readiness for load balancers and orchestrators; no authentication, no details. */
export function healthRoutes(ping: () => Promise<void>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    try {
      await ping();
      res.json({ status: 'ready' });
    } catch (error) {
      req.log.warn({ err: error }, 'readiness check failed');
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      sendError(res, 'service_unavailable', 'The database cannot be reached.');
    }
  });
  return router;
}
