import { describe, expect, it } from 'vitest';
import { afterRetryAfterMs, backoffMs, retryAfterMs } from './retry-policy.js';

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-24T07:00:00Z');
    expect(retryAfterMs('42', now)).toStrictEqual(42_000);
    expect(retryAfterMs(' 0 ', now)).toStrictEqual(0);
    expect(retryAfterMs('Tue, 24 Nov 2026 07:00:30 GMT', now)).toStrictEqual(30_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 06:59:00 GMT', now)).toStrictEqual(0);
  });

  it('is undefined when the header is absent or unreadable', () => {
    expect(retryAfterMs(null)).toStrictEqual(undefined);
    expect(retryAfterMs('soon')).toStrictEqual(undefined);
    expect(retryAfterMs('-5')).toStrictEqual(undefined);
    expect(retryAfterMs('1.5')).toStrictEqual(undefined);
  });
});

describe('backoffMs', () => {
  it('doubles from half a second up to eight, each with up to half again of jitter', () => {
    for (const [retry, step] of [
      [1, 500],
      [2, 1000],
      [3, 2000],
      [4, 4000],
      [5, 8000],
      [9, 8000],
    ] as const) {
      for (let draw = 0; draw < 50; draw++) {
        const delay = backoffMs(retry);
        expect(delay).toBeGreaterThanOrEqual(step);
        expect(delay).toBeLessThan(step * 1.5);
      }
    }
  });
});

describe('afterRetryAfterMs', () => {
  it('waits what the store asked, plus less than a second', () => {
    for (let draw = 0; draw < 50; draw++) {
      const delay = afterRetryAfterMs(3000);
      expect(delay).toBeGreaterThanOrEqual(3000);
      expect(delay).toBeLessThan(4000);
    }
  });
});
