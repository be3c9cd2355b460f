import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test-support/use-test-server.js';

describe('request logging', () => {
  const server = useTestServer();

  it('writes one JSON line per request: request id, method, path, route, status and duration', async () => {
    const response = await server().request('/v1/pets/12345?limit=1', {
      headers: { 'x-request-id': 'log-test-1' },
    });
    expect(response.status).toBe(400);
    const lines = server()
      .logLines()
      .filter((line) => line.clientRequestId === 'log-test-1');
    expect(lines).toStrictEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        hostname: expect.any(String),
        req: {
          id: response.headers.get('x-request-id'),
          method: 'GET',
          path: '/v1/pets/12345',
          remoteAddress: '127.0.0.1',
        },
        res: { statusCode: 400 },
        route: '/v1/pets/:petId',
        responseTime: expect.any(Number),
        clientRequestId: 'log-test-1',
        msg: 'GET 400',
      },
    ]);
  });

  it("names the route only by a path pattern: the admin app's pages, matched by a pattern of their own, have none", async () => {
    const paths = ['/admin/', '/admin/keys', '/admin/config.json'];
    for (const path of paths) expect((await server().request(path)).status).toBe(200);
    const routes = paths.map((path) => {
      const line = server()
        .logLines()
        .find((candidate) => (candidate.req as { path?: string } | undefined)?.path === path);
      return line && { path, hasRoute: 'route' in line, route: line.route };
    });
    expect(routes).toStrictEqual([
      { path: '/admin/', hasRoute: false, route: undefined },
      { path: '/admin/keys', hasRoute: false, route: undefined },
      { path: '/admin/config.json', hasRoute: true, route: '/admin/config.json' },
    ]);
  });
});

describe('request logging behind a proxy named in TRUST_PROXY', () => {
  const server = useTestServer(undefined, { config: { trustProxy: ['loopback'] } });

  it('takes the request id the proxy forwards', async () => {
    const response = await server().request('/v1/pets', { headers: { 'x-request-id': 'proxy-trace-7' } });
    expect(response.headers.get('x-request-id')).toBe('proxy-trace-7');
    const lines = server()
      .logLines()
      .filter((line) => (line.req as { id?: string } | undefined)?.id === 'proxy-trace-7');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toHaveProperty('clientRequestId');
  });
});
