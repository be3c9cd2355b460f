import { describe, expect, it } from 'vitest';
import { backoffMs, retryAfterMs } from './retry-policy.js';

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
  });
});

describe('backoffMs', () => {
  it('doubles from one second up to eight, each with up to a second of jitter', () => {
    for (const [retry, base] of [
      [1, 1000],
      [2, 2000],
      [3, 4000],
      [4, 8000],
      [9, 8000],
    ] as const) {
      const delay = backoffMs(retry);
      expect(delay).toBeGreaterThanOrEqual(base);
      expect(delay).toBeLessThan(base + 1000);
    }
  });
});
