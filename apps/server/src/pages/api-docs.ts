import { API_BASE_PATH, openApiDocument } from '@animal-store/contract';
import { type RequestHandler, Router } from 'express';
import type { AdminEnvironment } from '../config/config.js';
import { onlyGetAndHead } from '../http/method-not-allowed.js';
import { referenceRenderer } from './reference-renderer.js';

/** The committed document, with this server first so that a client reading it calls the store serving it. */
const servedDocument = {
  ...openApiDocument,
  servers: [{ url: API_BASE_PATH, description: 'This server' }, ...(openApiDocument.servers ?? [])],
};

/** The OpenAPI document, public: served under /v1 without authentication. */
export const serveOpenApiDocument: RequestHandler = (_req, res) => {
  res.json(servedDocument);
};

/**
 * The document as /docs shows it: its servers are this store (at PUBLIC_BASE_URL, else the relative `/v1`, never an
 * address taken from the request's Host, which a client chooses) and the other configured environments (staging,
 * when set), instead of the contract's example hosts, so that "Test Request" calls a real store.
 */
function documentFor(publicBaseUrl: string | undefined, environments: readonly AdminEnvironment[]) {
  const here = `${publicBaseUrl ?? ''}${API_BASE_PATH}`;
  const others = environments
    .filter(({ baseUrl }) => /^https?:\/\//.test(baseUrl) && baseUrl !== here)
    .map(({ name, baseUrl }) => ({ url: baseUrl, description: name[0]?.toUpperCase() + name.slice(1) }));
  return { ...openApiDocument, servers: [{ url: here, description: 'This server' }, ...others] };
}

/**
 * Interactive documentation at /docs, public: Scalar's API reference (served from its package, no CDN, and nowhere
 * near the admin app's bundle) rendering /docs/openapi.json, each operation with its examples and its request in
 * curl and with the client package.
 */
export function apiDocsRoutes(options: {
  environments: readonly AdminEnvironment[];
  publicBaseUrl: string | undefined;
}): Router {
  const router = Router();
  const document = documentFor(options.publicBaseUrl, options.environments);
  const renderer = referenceRenderer({
    documentUrl: '/docs/openapi.json',
    title: openApiDocument.info.title,
  });
  router.all(
    [
      '/docs',
      '/docs/openapi.json',
      renderer.scriptPaths.start,
      renderer.scriptPaths.bundle,
      renderer.stylePath,
    ],
    onlyGetAndHead,
  );
  router.get('/docs/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.get(renderer.scriptPaths.bundle, renderer.serveBundle);
  router.get(renderer.scriptPaths.start, renderer.serveStart);
  router.get(renderer.stylePath, renderer.serveStyle);
  router.get('/docs', renderer.servePage);
  return router;
}
