import { describe, expect, it } from 'vitest';
import { nextCursor } from './next-cursor';

describe('nextCursor', () => {
  it('takes the cursor from an absolute next link on any origin', () => {
    expect(nextCursor('<https://staging.example/v1/pets?limit=2&status=sold&cursor=YTQ>; rel="next"')).toBe(
      'YTQ',
    );
  });

  it('reads a relative link and decodes the cursor', () => {
    expect(nextCursor('</v1/pets?cursor=a%2Bb>; rel=next')).toBe('a+b');
  });

  it('picks the next link among others', () => {
    expect(
      nextCursor('<https://x.example/docs>; rel="help", <https://x.example/v1/pets?cursor=YTk>; rel="next"'),
    ).toBe('YTk');
  });

  it.each([
    ['no header', null],
    ['an empty header', ''],
    ['a link of another relation', '<https://x.example/v1/pets?cursor=YTk>; rel="prev"'],
    ['a next link without a cursor', '<https://x.example/v1/pets?limit=2>; rel="next"'],
  ])('finds no next page in %s', (_, header) => {
    expect(nextCursor(header)).toBeUndefined();
  });
});
