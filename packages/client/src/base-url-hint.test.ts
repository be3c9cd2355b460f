import { describe, expect, it } from 'vitest';
import { AnimalStoreError } from './animal-store-error.js';
import { baseUrlHint, withBaseUrlHint } from './base-url-hint.js';

const routeNotFound = () =>
  new AnimalStoreError({
    code: 'route_not_found',
    message: 'No operation at GET /pets.',
    status: 404,
    requestId: 'r-1',
  });

describe('baseUrlHint', () => {
  it.each([
    ['no path', 'http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['a slash', 'http://localhost:3000/', 'http://localhost:3000'],
    ['a path without the version', 'https://store.example.test/api', 'https://store.example.test'],
    ['the version before another segment', 'http://[::1]:3000/v1/pets', 'http://[::1]:3000'],
    ['a version-like word', 'http://127.0.0.1:3000/version1', 'http://127.0.0.1:3000'],
    ['a path alone, in a page the store serves', '/api', ''],
  ])('suggests /v1 on the same origin for an address with %s', (_, baseUrl, origin) => {
    expect(baseUrlHint(baseUrl)).toBe(`(the base URL usually ends in /v1, e.g. ${origin}/v1)`);
  });

  it.each([
    'http://127.0.0.1:3000/v1',
    'http://127.0.0.1:3000/v1/',
    'https://store.example.test/api/v1',
    'http://127.0.0.1:3000/v2',
    '/v1',
  ])('has nothing to add when %s names a version', (baseUrl) => {
    expect(baseUrlHint(baseUrl)).toBeUndefined();
  });
});

describe('withBaseUrlHint', () => {
  it("adds the hint after the store's message of a route_not_found, keeping the rest", () => {
    const hinted = withBaseUrlHint(routeNotFound(), 'http://127.0.0.1:3000') as AnimalStoreError;
    expect(hinted).toBeInstanceOf(AnimalStoreError);
    const { code, status, requestId, message } = hinted;
    expect({ code, status, requestId, message }).toStrictEqual({
      code: 'route_not_found',
      status: 404,
      requestId: 'r-1',
      message: 'No operation at GET /pets. (the base URL usually ends in /v1, e.g. http://127.0.0.1:3000/v1)',
    });
  });

  it.each([
    ['another error', new AnimalStoreError({ code: 'pet_not_found', message: 'No animal.', status: 404 })],
    ['something not an AnimalStoreError', new TypeError('a bug')],
  ])('leaves %s as it is', (_, failure) => {
    expect(withBaseUrlHint(failure, 'http://127.0.0.1:3000')).toBe(failure);
  });

  it('leaves a route_not_found as it is when the base URL names a version', () => {
    const failure = routeNotFound();
    expect(withBaseUrlHint(failure, 'http://127.0.0.1:3000/v2')).toBe(failure);
  });
});
