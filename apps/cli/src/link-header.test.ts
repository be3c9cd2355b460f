import { describe, expect, it } from 'vitest';
import { linkTarget } from './link-header.js';

describe('linkTarget', () => {
  it('finds the next page among several links', () => {
    const header = '</v1/pets>; rel="successor-version", <http://h/v1/pets?limit=2&cursor=YTI>; rel="next"';
    expect(linkTarget(header, 'next')).toStrictEqual('http://h/v1/pets?limit=2&cursor=YTI');
    expect(linkTarget(header, 'successor-version')).toStrictEqual('/v1/pets');
  });

  it('accepts an unquoted rel and a rel list', () => {
    expect(linkTarget('<a>; rel=next', 'next')).toStrictEqual('a');
    expect(linkTarget('<b>; rel="prev next"', 'next')).toStrictEqual('b');
  });

  it('is undefined without a header or without that relation', () => {
    expect(linkTarget(null, 'next')).toStrictEqual(undefined);
    expect(linkTarget('<a>; rel="prev"', 'next')).toStrictEqual(undefined);
  });
});
