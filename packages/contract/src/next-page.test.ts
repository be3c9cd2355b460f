import { describe, expect, it } from 'vitest';
import { nextPageCursor, nextPageLink } from './next-page.js';

describe('nextPageLink', () => {
  it('carries the page size, the filter and the cursor, relative without a public address', () => {
    expect(nextPageLink('/v1/pets', { limit: 2, status: 'sold' }, 'YTQ')).toStrictEqual(
      '</v1/pets?limit=2&status=sold&cursor=YTQ>; rel="next"',
    );
  });

  it('leaves out a status that was not asked for, and is absolute on a public address', () => {
    expect(nextPageLink('https://store.example.test/v1/pets', { limit: 20 }, 'YTIw')).toStrictEqual(
      '<https://store.example.test/v1/pets?limit=20&cursor=YTIw>; rel="next"',
    );
  });

  it('encodes a cursor that is not URL-safe, and nextPageCursor reads it back', () => {
    const link = nextPageLink('/v1/pets', { limit: 5 }, 'a+b/c=');
    expect(link).toStrictEqual('</v1/pets?limit=5&cursor=a%2Bb%2Fc%3D>; rel="next"');
    expect(nextPageCursor(link)).toStrictEqual('a+b/c=');
  });
});

describe('nextPageCursor', () => {
  it('takes the cursor from an absolute next link on any origin', () => {
    expect(
      nextPageCursor('<https://staging.example/v1/pets?limit=2&status=sold&cursor=YTQ>; rel="next"'),
    ).toBe('YTQ');
  });

  it('reads a relative link and decodes the cursor', () => {
    expect(nextPageCursor('</v1/pets?cursor=a%2Bb>; rel=next')).toBe('a+b');
    expect(nextPageCursor('<pets?cursor=YTI>; rel=next')).toBe('YTI');
  });

  it('picks the next link among others', () => {
    expect(
      nextPageCursor(
        '<https://x.example/docs>; rel="help", <https://x.example/v1/pets?cursor=YTk>; rel="next"',
      ),
    ).toBe('YTk');
  });

  it.each([
    ['IPv4', 'http://127.0.0.1:3000/v1/pets?cursor=YTI'],
    ['IPv6', 'http://[::1]:3000/v1/pets?cursor=YTI'],
    ['localhost', 'http://localhost:3000/v1/pets?cursor=YTI'],
  ])('reads a link on an %s origin', (_, target) => {
    expect(nextPageCursor(`<${target}>; rel="next"`)).toBe('YTI');
  });

  it.each([
    ['no header', null],
    ['an undefined header', undefined],
    ['an empty header', ''],
    ['a link of another relation', '<https://x.example/v1/pets?cursor=YTk>; rel="prev"'],
    ['a next link without a cursor', '<https://x.example/v1/pets?limit=2>; rel="next"'],
    ['a next link with an empty cursor', '<https://x.example/v1/pets?limit=2&cursor=>; rel="next"'],
    ['a next link that is not a URL', '<http://[::1/v1/pets?cursor=YTk>; rel="next"'],
    ['a malformed header', 'https://x.example/v1/pets?cursor=YTk; rel="next"'],
  ])('finds no next page in %s', (_, header) => {
    expect(nextPageCursor(header)).toBeUndefined();
  });
});
