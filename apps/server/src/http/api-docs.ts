import { API_BASE_PATH, openApiDocument } from '@animal-store/contract';
import { type RequestHandler, Router } from 'express';
import swaggerUi from 'swagger-ui-express';

/** The committed document, with this server first so that "Try it out" on /docs calls the store serving it. */
const servedDocument = {
  ...openApiDocument,
  servers: [{ url: API_BASE_PATH, description: 'This server' }, ...(openApiDocument.servers ?? [])],
};

/** The OpenAPI document, public: served under /v1 without authentication. */
export const serveOpenApiDocument: RequestHandler = (_req, res) => {
  res.json(servedDocument);
};

/** Interactive documentation at /docs, public. */
export function apiDocsRoutes(): Router {
  const router = Router();
  router.use(
    '/docs',
    swaggerUi.serve,
    swaggerUi.setup(servedDocument, { customSiteTitle: 'Animal Store API' }),
  );
  return router;
}
