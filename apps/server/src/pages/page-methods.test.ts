import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBuildStandIn } from '../test-support/admin-build-stand-in.js';
import { sqliteTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { anError, see } from '../test-support/http-assertions.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

/** Every page path the store serves, all read-only. */
const PAGE_PATHS = [
  '/',
  '/healthz',
  '/readyz',
  '/favicon.svg',
  '/favicon.ico',
  '/docs',
  '/docs/openapi.json',
  '/docs/start.js',
  '/docs/store.css',
  '/docs/scalar.js',
  '/admin',
  '/admin/',
  '/admin/config.json',
  '/admin/assets/app-1234.js',
  '/admin/pets/12',
];

describe("the store's own pages, asked with another method than GET", () => {
  let database: TestDatabase;
  let server: TestServer;
  let adminBuild: ReturnType<typeof adminBuildStandIn>;

  beforeAll(async () => {
    database = await sqliteTestDatabase.create();
    adminBuild = adminBuildStandIn();
    server = await startTestServer(database.config, { adminDistDir: adminBuild.dir });
  });

  afterAll(async () => {
    await server.close();
    await database.drop();
    adminBuild.remove();
  });

  it.each(PAGE_PATHS)(
    '%s answers GET, and 405 with Allow: GET, HEAD to POST, PUT and DELETE, as /v1 does',
    async (path) => {
      const read = await fetch(`${server.origin}${path}`, { redirect: 'manual' });
      expect(read.status).toBeLessThan(400);
      await read.arrayBuffer();
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const response = await fetch(`${server.origin}${path}`, { method, redirect: 'manual' });
        expect(await see(response)).toStrictEqual(
          anError(405, 'method_not_allowed', `${method} is not supported here; use GET, HEAD.`),
        );
        expect(response.headers.get('allow')).toBe('GET, HEAD');
      }
    },
  );

  it('HEAD is answered like GET, without a body', async () => {
    const response = await fetch(`${server.origin}/healthz`, { method: 'HEAD' });
    expect([response.status, await response.text()]).toStrictEqual([200, '']);
  });

  it('a path the store does not serve stays 404, whatever the method', async () => {
    for (const method of ['GET', 'POST']) {
      expect(await see(await fetch(`${server.origin}/healthz/more`, { method }))).toStrictEqual(
        anError(404, 'route_not_found', `No operation at ${method} /healthz/more.`),
      );
    }
  });

  it('serves the icon /docs and /admin name, at /favicon.ico too, cacheable for a day', async () => {
    for (const path of ['/favicon.svg', '/favicon.ico']) {
      const response = await fetch(`${server.origin}${path}`);
      const body = await response.text();
      expect([
        response.status,
        response.headers.get('content-type'),
        response.headers.get('cache-control'),
      ]).toStrictEqual([200, 'image/svg+xml; charset=utf-8', 'public, max-age=86400']);
      expect(body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
  });
});
