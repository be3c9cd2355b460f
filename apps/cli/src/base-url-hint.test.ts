import { describe, expect, it } from 'vitest';
import { baseUrlHint, withBaseUrlHint } from './base-url-hint.js';

const routeNotFound = { code: 'route_not_found', message: 'No operation at GET /pets.', status: 404 };

describe('baseUrlHint', () => {
  it.each([
    ['no path', 'http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['a slash', 'http://localhost:3000/', 'http://localhost:3000'],
    ['a path without the version', 'https://store.example.test/api', 'https://store.example.test'],
    ['the version before another segment', 'http://[::1]:3000/v1/pets', 'http://[::1]:3000'],
    ['a version-like word', 'http://127.0.0.1:3000/version1', 'http://127.0.0.1:3000'],
  ])('suggests /v1 on the same origin for an address with %s', (_, baseUrl, origin) => {
    expect(baseUrlHint(baseUrl)).toBe(`(the base URL usually ends in /v1, e.g. ${origin}/v1)`);
  });

  it.each([
    'http://127.0.0.1:3000/v1',
    'http://127.0.0.1:3000/v1/',
    'https://store.example.test/api/v1',
    'http://127.0.0.1:3000/v2',
  ])('has nothing to add when %s names a version', (baseUrl) => {
    expect(baseUrlHint(baseUrl)).toBeUndefined();
  });
});

describe('withBaseUrlHint', () => {
  it("adds the hint after the server's message of a route_not_found", () => {
    expect(withBaseUrlHint(routeNotFound, 'http://127.0.0.1:3000')).toStrictEqual({
      ...routeNotFound,
      message: 'No operation at GET /pets. (the base URL usually ends in /v1, e.g. http://127.0.0.1:3000/v1)',
    });
  });

  it.each([
    ['another error', { code: 'pet_not_found', message: 'No animal has id 7.', status: 404 }],
    ['a body that is not an Error', '<h1>Not Found</h1>'],
  ])('leaves %s as it is', (_, body) => {
    expect(withBaseUrlHint(body, 'http://127.0.0.1:3000')).toBe(body);
  });

  it('leaves a route_not_found as it is when the address names a version', () => {
    expect(withBaseUrlHint(routeNotFound, 'http://127.0.0.1:3000/v2')).toBe(routeNotFound);
  });
});
