import { describe, expect, it } from 'vitest';
import { formatLink, linkTarget } from './link-header.js';

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
    expect(linkTarget(undefined, 'next')).toStrictEqual(undefined);
    expect(linkTarget('', 'next')).toStrictEqual(undefined);
    expect(linkTarget('<a>; rel="prev"', 'next')).toStrictEqual(undefined);
  });

  it('compares relation types case-insensitively and takes the first of several links', () => {
    expect(linkTarget('<a>; REL="Next"', 'next')).toStrictEqual('a');
    expect(linkTarget('<a>; rel="next", <b>; rel="next"', 'NEXT')).toStrictEqual('a');
  });

  it('reads spacing, other parameters and a trailing semicolon as RFC 8288 allows', () => {
    expect(linkTarget('<a>;rel=next', 'next')).toStrictEqual('a');
    expect(linkTarget('  <a>  ;  title="Page 2"  ;  rel = "next"  ', 'next')).toStrictEqual('a');
    expect(linkTarget('<a>; rel="next";', 'next')).toStrictEqual('a');
    expect(linkTarget('<a>; type=text/html; rel=next', 'next')).toStrictEqual('a');
  });

  it('keeps commas and semicolons inside the target or a quoted value from splitting the header', () => {
    expect(linkTarget('</v1/pets?ids=1,2;3&cursor=YTI>; rel="next"', 'next')).toStrictEqual(
      '/v1/pets?ids=1,2;3&cursor=YTI',
    );
    expect(linkTarget('<a>; title="one, two; \\"three\\""; rel="next"', 'next')).toStrictEqual('a');
    expect(linkTarget('<a>; title="rel=next, <b>"; rel="prev"', 'next')).toStrictEqual(undefined);
  });

  it('ignores a second rel parameter, as RFC 8288 says', () => {
    expect(linkTarget('<a>; rel="prev"; rel="next"', 'next')).toStrictEqual(undefined);
  });

  it('does not take a relation from a parameter that only mentions it', () => {
    expect(linkTarget('<a>; title="next"', 'next')).toStrictEqual(undefined);
    expect(linkTarget('<a>; anchor="#x"; relation="next"', 'next')).toStrictEqual(undefined);
  });

  it.each([
    ['a target without angle brackets', 'http://h/v1/pets?cursor=YTI; rel="next"'],
    ['an unclosed angle bracket', '<http://h/v1/pets?cursor=YTI; rel="next"'],
    ['an unclosed quote', '<a>; rel="next'],
    ['a bare relation without a link', 'rel="next"'],
    ['text after the parameters', '<a>; rel="next" and more'],
    ['only commas', ',,, ,'],
  ])('finds nothing in %s', (_, header) => {
    expect(linkTarget(header, 'next')).toStrictEqual(undefined);
  });

  it('skips an entry it cannot read and reads the ones after it', () => {
    expect(linkTarget('garbage, <a>; rel="next"', 'next')).toStrictEqual('a');
    expect(linkTarget('<x>; rel="prev" junk, <a>; rel=next', 'next')).toStrictEqual('a');
    expect(linkTarget('<x>; title="a, b" junk, <a>; rel=next', 'next')).toStrictEqual('a');
  });

  it('reads a long hostile header in linear time', () => {
    const header = [
      '<a>; title="x", '.repeat(20_000),
      `<c>${'; name=value'.repeat(20_000)} junk, `,
      `<d>${';'.repeat(20_000)}!, `,
      ', <b>; rel="next"',
    ].join('');
    const started = performance.now();
    expect(linkTarget(header, 'next')).toStrictEqual('b');
    // Linear, this takes milliseconds; quadratic in its 600,000 characters, it would take hours. The bound is that
    // far from both, so that a loaded machine cannot make a linear reading fail.
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 30_000);
});

describe('formatLink', () => {
  it('writes a link-value as the store sends it', () => {
    expect(formatLink('/v1/pets', 'successor-version')).toStrictEqual('</v1/pets>; rel="successor-version"');
  });

  it('is read back by linkTarget', () => {
    const target = 'https://store.example.test/v1/pets?limit=2&status=sold&cursor=YTQ';
    expect(linkTarget(formatLink(target, 'next'), 'next')).toStrictEqual(target);
  });
});
