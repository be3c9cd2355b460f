import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiAddress } from './api-address';

/** The address as shown, and the runs of its text between the break hints: where a line may end. */
const runsOf = (address: string) => {
  const { container } = render(<ApiAddress address={address} />);
  const code = container.querySelector('code');
  const text = code?.textContent;
  for (const hint of code?.querySelectorAll('wbr') ?? []) hint.replaceWith('\n');
  return { text, runs: code?.textContent?.split('\n') };
};

describe('ApiAddress', () => {
  it('offers a break after each / ? and &, but none before the last segment, so an id is never alone', () => {
    expect(runsOf('http://127.0.0.1:4100/v1/pets/5')).toStrictEqual({
      text: 'http://127.0.0.1:4100/v1/pets/5',
      runs: ['http:/', '/', '127.0.0.1:4100/', 'v1/', 'pets/5'],
    });
    expect(runsOf('http://127.0.0.1:4100/v1/pets?status=sold&x=1').runs?.slice(-2)).toStrictEqual([
      'pets?',
      'status=sold&x=1',
    ]);
  });

  it('shows an address of one or two segments as it is', () => {
    expect(runsOf('/v1').runs).toStrictEqual(['/v1']);
    expect(runsOf('v1/pets').runs).toStrictEqual(['v1/pets']);
  });
});
