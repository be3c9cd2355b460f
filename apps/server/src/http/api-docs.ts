import { openApiDocument } from '@animal-store/contract';
import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';

/** The committed document, with this server first so that "Try it out" on /docs calls the store serving it. */
const servedDocument = {
  ...openApiDocument,
  servers: [{ url: '/v1', description: 'This server' }, ...(openApiDocument.servers ?? [])],
};

/** The OpenAPI document at /v1/openapi.json and interactive documentation at /docs, both public. */
export function apiDocsRoutes(): Router {
  const router = Router();
  router.get('/v1/openapi.json', (_req, res) => {
    res.json(servedDocument);
  });
  router.use(
    '/docs',
    swaggerUi.serve,
    swaggerUi.setup(servedDocument, { customSiteTitle: 'Animal Store API' }),
  );
  return router;
}
