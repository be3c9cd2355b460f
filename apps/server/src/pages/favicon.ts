import { Router } from 'express';
import { onlyGetAndHead } from '../http/method-not-allowed.js';

/** The icon changes only with the store's version: browsers may keep it a day. */
const ICON_MAX_AGE_SECONDS = 24 * 60 * 60;

/** The store's mark, a paw print, drawn to read at 16 px on a light or a dark tab strip. */
const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#2f6f4f"/>
<g fill="#fff"><ellipse cx="16" cy="21" rx="6.5" ry="5.5"/><circle cx="8.5" cy="13" r="2.8"/>
<circle cx="13" cy="8.5" r="2.8"/><circle cx="19" cy="8.5" r="2.8"/><circle cx="23.5" cy="13" r="2.8"/></g>
</svg>
`;

/** The paths pages link to (`<link rel="icon">`) and the one a browser asks for when a page names none. */
export const FAVICON_PATHS = ['/favicon.svg', '/favicon.ico'] as const;

/**
 * The icon of /docs and /admin, so that neither tab shows a blank icon nor the console a 404. Served as SVG at both
 * paths: Chromium and Firefox, which ask /favicon.ico by themselves, read an SVG by its content type.
 */
export function faviconRoutes(): Router {
  const router = Router();
  router.all([...FAVICON_PATHS], onlyGetAndHead);
  router.get([...FAVICON_PATHS], (_req, res) => {
    res.setHeader('Cache-Control', `public, max-age=${ICON_MAX_AGE_SECONDS}`);
    res.type('image/svg+xml').send(ICON);
  });
  return router;
}
