import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router } from 'express';
import type { AdminEnvironment } from '../config/config.js';
import { sendError } from '../http/api-error.js';
import { onlyGetAndHead } from '../http/method-not-allowed.js';

/** Vite names built assets by content hash, so they can be cached for good; index.html must never be. */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The built admin app at /admin (with / redirecting there), its runtime configuration at /admin/config.json, and
 * index.html for every other /admin path so that client-side routes survive a reload.
 */
export function adminAppRoutes(options: { distDir: string; environments: AdminEnvironment[] }): Router {
  const router = Router();
  const indexHtml = join(options.distDir, 'index.html');

  router.all(['/', /^\/admin(\/.*)?$/], onlyGetAndHead);
  router.get('/', (_req, res) => res.redirect(302, '/admin/'));
  router.get('/admin/config.json', (_req, res) => {
    res.json({ environments: options.environments });
  });
  router.use(
    '/admin/assets',
    express.static(join(options.distDir, 'assets'), { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000 }),
  );
  router.use('/admin/assets', (req, res) => {
    sendError(res, 'route_not_found', `No admin asset at ${req.originalUrl}.`);
  });
  router.use('/admin', express.static(options.distDir, { index: false }));
  router.get(/^\/admin(\/.*)?$/, (_req, res) => {
    if (!existsSync(indexHtml)) {
      sendError(
        res,
        'route_not_found',
        'The admin app is not built; run `pnpm build` and restart the store.',
      );
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    // Relative to a root: `send` refuses a path through a dot folder, such as pnpm's node_modules/.pnpm.
    res.sendFile('index.html', { root: options.distDir });
  });
  return router;
}
