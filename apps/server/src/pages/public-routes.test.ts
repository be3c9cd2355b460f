import { readFileSync } from 'node:fs';
import { openApiDocument, storeContract } from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBuildStandIn } from '../test-support/admin-build-stand-in.js';
import { sqliteTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { aJson, anError, see } from '../test-support/http-assertions.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { packagedBundle } from './reference-bundle.js';

describe('routes without authentication', () => {
  let database: TestDatabase;
  let server: TestServer;
  let adminBuild: ReturnType<typeof adminBuildStandIn>;

  beforeAll(async () => {
    database = await sqliteTestDatabase.create();
    adminBuild = adminBuildStandIn();
    server = await startTestServer(database.config, {
      adminDistDir: adminBuild.dir,
      config: {
        adminEnvironments: [
          { name: 'production', baseUrl: '/v1' },
          { name: 'staging', baseUrl: 'https://staging.example.test/v1' },
        ],
        corsOrigins: ['https://admin.example.test'],
      },
    });
  });

  afterAll(async () => {
    await server.close();
    await database.drop();
    adminBuild.remove();
  });

  it('/healthz: the process is up', async () => {
    expect(await see(await fetch(`${server.origin}/healthz`))).toStrictEqual(aJson(200, { status: 'ok' }));
  });

  it('/readyz: 200 while the database answers, 503 with Retry-After when it does not', async () => {
    expect(await see(await fetch(`${server.origin}/readyz`))).toStrictEqual(aJson(200, { status: 'ready' }));
    const otherDatabase = await sqliteTestDatabase.create();
    const broken = await startTestServer(otherDatabase.config);
    await broken.store.database.close();
    const response = await fetch(`${broken.origin}/readyz`);
    expect(await see(response)).toStrictEqual(
      anError(503, 'service_unavailable', 'The database cannot be reached.'),
    );
    expect(response.headers.get('retry-after')).toBe('5');
    await broken.close().catch(() => undefined);
    await otherDatabase.drop();
  });

  it('/v1/openapi.json: the contract document, with this server first', async () => {
    const seen = await see(await fetch(`${server.baseUrl}/openapi.json`));
    expect(seen).toStrictEqual(
      aJson(200, {
        ...JSON.parse(JSON.stringify(openApiDocument)),
        servers: [{ url: '/v1', description: 'This server' }, ...(openApiDocument.servers ?? [])],
      }),
    );
  });

  it("/docs: the API reference page, its scripts the store's own files and none inline", async () => {
    for (const path of ['/docs', '/docs/']) {
      const response = await fetch(`${server.origin}${path}`);
      const html = await response.text();
      expect([response.status, response.headers.get('cache-control')]).toStrictEqual([200, 'no-cache']);
      expect([...html.matchAll(/<script([^>]*)>/g)].map(([, attributes]) => attributes)).toStrictEqual([
        ' src="/docs/start.js"',
        ' src="/docs/scalar.js"',
      ]);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it("/docs/start.js: Scalar on /docs/openapi.json, with no key and none of Scalar's hosted services", async () => {
    const response = await fetch(`${server.origin}/docs/start.js`);
    const start = await response.text();
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(start).toContain('globalThis.__zod_globalConfig = { jitless: true };');
    const configuration = JSON.parse(
      /createApiReference\('#reference', (\{.*\})\);/.exec(start)?.[1] ?? 'null',
    );
    expect(configuration).toMatchObject({
      url: '/docs/openapi.json',
      hiddenClients: true,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
    });
    expect(start).not.toContain(server.apiKey);
  });

  it("/docs/scalar.js: the renderer's bundle from its package, gzipped for a client that takes gzip", async () => {
    const packaged = readFileSync(packagedBundle());
    for (const encoding of ['gzip', 'identity']) {
      const response = await fetch(`${server.origin}/docs/scalar.js`, {
        headers: { 'accept-encoding': encoding },
      });
      expect([
        response.status,
        response.headers.get('content-type'),
        response.headers.get('content-encoding'),
        response.headers.get('cache-control'),
      ]).toStrictEqual([
        200,
        'text/javascript; charset=utf-8',
        encoding === 'gzip' ? 'gzip' : null,
        'public, max-age=3600',
      ]);
      // fetch undoes the gzip: what arrives is the file.
      expect(Buffer.from(await response.arrayBuffer()).equals(packaged)).toBe(true);
    }
  });

  it('/docs/openapi.json: the document /docs shows, its servers this store (relative) and staging', async () => {
    // Whatever Host the client sends, the document never names it: "Test Request" would send a pasted key there.
    const seen = await see(
      await fetch(`${server.origin}/docs/openapi.json`, { headers: { host: 'evil.example' } }),
    );
    expect(seen).toStrictEqual(
      aJson(200, {
        ...JSON.parse(JSON.stringify(openApiDocument)),
        servers: [
          { url: '/v1', description: 'This server' },
          { url: 'https://staging.example.test/v1', description: 'Staging' },
        ],
      }),
    );
    type Operation = { 'x-codeSamples': Array<{ label: string }> };
    const { paths } = seen.body as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.values(paths).flatMap((path) => Object.values(path));
    expect(operations.map((operation) => operation['x-codeSamples'].map(({ label }) => label))).toStrictEqual(
      Array(Object.keys(storeContract).length).fill(['curl', '@animal-store/client']),
    );
  });

  it('/docs/openapi.json names this store at PUBLIC_BASE_URL when it is set', async () => {
    const database = await sqliteTestDatabase.create();
    const behindProxy = await startTestServer(database.config, {
      config: { publicBaseUrl: 'https://pets.example.test/store' },
    });
    try {
      const seen = await see(await fetch(`${behindProxy.origin}/docs/openapi.json`));
      expect((seen.body as { servers: unknown }).servers).toStrictEqual([
        { url: 'https://pets.example.test/store/v1', description: 'This server' },
      ]);
    } finally {
      await behindProxy.close();
      await database.drop();
    }
  });

  it('/ redirects to the admin app, which is served with a CSP and falls back to index.html', async () => {
    const root = await fetch(`${server.origin}/`, { redirect: 'manual' });
    expect([root.status, root.headers.get('location')]).toStrictEqual([302, '/admin/']);

    for (const path of ['/admin/', '/admin/pets/12']) {
      const page = await fetch(`${server.origin}${path}`);
      expect([page.status, await page.text()]).toStrictEqual([200, '<!doctype html><title>Admin</title>']);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('content-security-policy')).toContain(
        "connect-src 'self' https://staging.example.test",
      );
    }
    const asset = await fetch(`${server.origin}/admin/assets/app-1234.js`);
    expect([asset.status, asset.headers.get('cache-control')]).toStrictEqual([
      200,
      'public, max-age=31536000, immutable',
    ]);
    expect(await see(await fetch(`${server.origin}/admin/assets/missing.js`))).toStrictEqual(
      anError(404, 'route_not_found', 'No admin asset at /admin/assets/missing.js.'),
    );
  });

  it('API answers carry the API security headers, pages the document ones', async () => {
    const securityHeaders = (response: Response) =>
      Object.fromEntries(
        [...response.headers].filter(([name]) =>
          /^(cache-control|content-security-policy|strict-transport|x-|referrer|cross-origin|origin-agent)/.test(
            name,
          ),
        ),
      );
    const apiHeaders = {
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'x-request-id': expect.any(String),
    };
    for (const path of ['/v1/pets', '/v1/openapi.json', '/v1/store/orders']) {
      expect(securityHeaders(await fetch(`${server.origin}${path}`))).toStrictEqual(apiHeaders);
    }
    const page = securityHeaders(await fetch(`${server.origin}/admin/`));
    expect(page).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(page['content-security-policy']).toContain("script-src 'self'");
  });

  it('/admin/config.json: the API environments the admin app may use', async () => {
    expect(await see(await fetch(`${server.origin}/admin/config.json`))).toStrictEqual(
      aJson(200, {
        environments: [
          { name: 'production', baseUrl: '/v1' },
          { name: 'staging', baseUrl: 'https://staging.example.test/v1' },
        ],
      }),
    );
  });

  it('answers CORS preflights for configured origins only, and sends no X-Powered-By', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.baseUrl}/pets`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization',
        },
      });
    const allowed = await preflight('https://admin.example.test');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://admin.example.test');
    const other = await preflight('https://evil.example.test');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(allowed.headers.get('x-powered-by')).toBeNull();
  });

  it('lets a configured origin read every header a client needs, the replay flag and the limits included', async () => {
    // Exposed on every answer, a refusal too: the browser reads X-Request-Id of a 401 as well.
    const response = await fetch(`${server.baseUrl}/pets`, {
      headers: { origin: 'https://admin.example.test' },
    });
    expect(response.status).toBe(401);
    const exposed = response.headers.get('access-control-expose-headers')?.split(',') ?? [];
    expect(exposed).toStrictEqual([
      'ETag',
      'Link',
      'Location',
      'Idempotent-Replayed',
      'Deprecation',
      'Sunset',
      'X-Request-Id',
      'Retry-After',
      'RateLimit',
      'RateLimit-Policy',
    ]);
  });
});
