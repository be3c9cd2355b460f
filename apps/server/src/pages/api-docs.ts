import { API_BASE_PATH, openApiDocument } from '@animal-store/contract';
import { type RequestHandler, Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import type { AdminEnvironment } from '../config.js';

/** The committed document, with this server first so that "Try it out" on /docs calls the store serving it. */
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
 * when set), instead of the contract's example hosts, so that "Try it out" works as is.
 */
function documentFor(publicBaseUrl: string | undefined, environments: readonly AdminEnvironment[]) {
  const here = `${publicBaseUrl ?? ''}${API_BASE_PATH}`;
  const others = environments
    .filter(({ baseUrl }) => /^https?:\/\//.test(baseUrl) && baseUrl !== here)
    .map(({ name, baseUrl }) => ({ url: baseUrl, description: name[0]?.toUpperCase() + name.slice(1) }));
  return { ...openApiDocument, servers: [{ url: here, description: 'This server' }, ...others] };
}

/**
 * Interactive documentation at /docs, public: Swagger UI (served from the package, no CDN, and nowhere near the
 * admin app's bundle), operations listed open under their tag, the document read from /docs/openapi.json.
 */
export function apiDocsRoutes(options: {
  environments: readonly AdminEnvironment[];
  publicBaseUrl: string | undefined;
}): Router {
  const router = Router();
  const document = documentFor(options.publicBaseUrl, options.environments);
  router.get('/docs/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.use(
    '/docs',
    swaggerUi.serveFiles(undefined, { swaggerOptions: { url: '/docs/openapi.json' } }),
    swaggerUi.setup(undefined, {
      customSiteTitle: 'Animal Store API',
      swaggerOptions: { url: '/docs/openapi.json', docExpansion: 'list', tryItOutEnabled: false },
    }),
  );
  return router;
}
