import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test-support/use-test-server.js';

describe('getPet deprecation', () => {
  const server = useTestServer();

  const deprecationHeaders = (response: Response) => ({
    deprecation: response.headers.get('deprecation'),
    sunset: response.headers.get('sunset'),
    link: response.headers.get('link'),
  });

  const expected = {
    deprecation: '@1795305600',
    sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
    link: '</v1/pets>; rel="successor-version"',
  };

  it('marks every getPet response: 200, 404, 400 and 401', async () => {
    const created = await server().request('/v1/pets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Old","categoryId":1}',
    });
    const { id } = (await created.json()) as { id: number };
    const responses = [
      await server().request(`/v1/pets/${id}`),
      await server().request('/v1/pets/999999'),
      await server().request('/v1/pets/abc'),
      await fetch(`${server().baseUrl}/pets/${id}`),
    ];
    expect(responses.map((response) => response.status)).toStrictEqual([200, 404, 400, 401]);
    for (const response of responses) expect(deprecationHeaders(response)).toStrictEqual(expected);
  });

  it('does not mark the operations that are not deprecated', async () => {
    const response = await server().request('/v1/pets');
    expect(response.headers.get('deprecation')).toBeNull();
    expect(response.headers.get('sunset')).toBeNull();
  });

  it('logs a call by a client once an hour, not on every call', async () => {
    for (let call = 0; call < 5; call++) await server().request('/v1/pets/1');
    const warnings = server()
      .logLines()
      .filter((line) => line.msg === 'deprecated operation called');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, operation: 'getPet', apiKeyName: 'test' });
  });
});
