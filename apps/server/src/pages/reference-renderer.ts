import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { RequestHandler } from 'express';
import { sendError } from '../http/api-error.js';
import { referenceBundle } from './reference-bundle.js';
import { REFERENCE_STYLE } from './reference-style.js';

/** The bundle changes only with the store's version: browsers may keep it an hour, then ask again. */
const BUNDLE_MAX_AGE_SECONDS = 60 * 60;

const SCRIPT_PATHS = { start: '/docs/start.js', bundle: '/docs/scalar.js' } as const;
const STYLE_PATH = '/docs/store.css';

/**
 * Scalar's settings. Its default fonts, telemetry, AI agent and MCP generator are Scalar's hosted services: the
 * page calls nothing but this store. Its generated clients are hidden, so that each operation shows the two
 * requests the document carries (`x-codeSamples`): curl and the client package. The classic layout lists every
 * operation right after the introduction, on a phone as on a desktop.
 */
function configuration(documentUrl: string) {
  return {
    url: documentUrl,
    layout: 'classic',
    defaultOpenAllTags: true,
    hiddenClients: true,
    // The schemas are shown with each operation; a second list of them would only lengthen the page.
    hideModels: true,
    documentDownloadType: 'json',
    showDeveloperTools: 'never',
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
  };
}

/**
 * Runs before the bundle. Zod 4, inside it, tries `Function('')` once to learn whether it may compile its parsers;
 * the page's `script-src 'self'` refuses that, and the browser reports a violation for every visit. Told to be
 * jitless (Zod's `jitless` setting, which Zod reads from this global before any schema exists), it never tries.
 * The reference starts once the bundle, the next script, has run.
 */
const startScript = (documentUrl: string) => `globalThis.__zod_globalConfig = { jitless: true };
document.addEventListener('DOMContentLoaded', () => {
  Scalar.createApiReference('#reference', ${JSON.stringify(configuration(documentUrl))});
});
`;

/**
 * No inline script or style of its own, both scripts files of this store, as `script-src 'self'` wants. The mount
 * point is not called `api-reference`: the bundle's HTML API would read that element as a document of its own.
 */
const page = (title: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="${STYLE_PATH}" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="${SCRIPT_PATHS.start}"></script>
    <script src="${SCRIPT_PATHS.bundle}"></script>
  </body>
</html>
`;

const gzipped = promisify(gzip);

export interface ReferenceRenderer {
  scriptPaths: typeof SCRIPT_PATHS;
  stylePath: typeof STYLE_PATH;
  servePage: RequestHandler;
  serveStart: RequestHandler;
  serveStyle: RequestHandler;
  serveBundle: RequestHandler;
}

/**
 * The /docs page, with Scalar's API reference rendering the document at `documentUrl`. The 4 MB bundle is read and
 * gzipped (to 1.2 MB) on the first request for it, off the event loop, and kept: the store's own answers never
 * wait for it.
 */
export function referenceRenderer(options: { documentUrl: string; title: string }): ReferenceRenderer {
  const bundle = referenceBundle();
  let compressed: Promise<Buffer> | undefined;

  const notBuilt: RequestHandler = (_req, res) =>
    sendError(
      res,
      'route_not_found',
      'The API reference is not built; run `pnpm build` and restart the store.',
    );

  const html = page(options.title);
  const servePage: RequestHandler = (req, res, next) => {
    if (!bundle) return notBuilt(req, res, next);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  };

  const start = startScript(options.documentUrl);
  const serveStart: RequestHandler = (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('text/javascript').send(start);
  };

  const serveStyle: RequestHandler = (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('text/css').send(REFERENCE_STYLE);
  };

  const serveBundle: RequestHandler = async (req, res, next) => {
    if (!bundle) return notBuilt(req, res, next);
    try {
      res.setHeader('Cache-Control', `public, max-age=${BUNDLE_MAX_AGE_SECONDS}`);
      res.setHeader('Vary', 'Accept-Encoding');
      res.type('text/javascript');
      // A client that takes no gzip (curl as typed) is rare: it is sent the file, which is not kept in memory.
      if (req.acceptsEncodings('gzip') !== 'gzip') {
        res.send(await readFile(bundle));
        return;
      }
      compressed ??= readFile(bundle).then((bytes) => gzipped(bytes));
      res.setHeader('Content-Encoding', 'gzip');
      res.send(await compressed);
    } catch (error) {
      next(error);
    }
  };

  return { scriptPaths: SCRIPT_PATHS, stylePath: STYLE_PATH, servePage, serveStart, serveStyle, serveBundle };
}
