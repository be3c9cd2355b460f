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
      .filter((line) => (line.req as { id?: string } | undefined)?.id === 'log-test-1');
    expect(lines).toStrictEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        hostname: expect.any(String),
        req: { id: 'log-test-1', method: 'GET', path: '/v1/pets/12345', remoteAddress: '127.0.0.1' },
        res: { statusCode: 400 },
        route: '/v1/pets/:petId',
        responseTime: expect.any(Number),
        msg: 'GET 400',
      },
    ]);
  });
});
