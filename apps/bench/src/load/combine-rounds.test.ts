import { describe, expect, it } from 'vitest';
import { combineRounds } from './combine-rounds.js';

const round = (requestsPerSecond: number, p50: number, p99: number, failed = 0) => ({
  requestsPerSecond,
  latencyP50Ms: p50,
  latencyP99Ms: p99,
  requests: requestsPerSecond * 2,
  non2xx: failed,
  errors: 0,
});

describe('combineRounds', () => {
  it('averages throughput, sums counts and takes the median of each percentile', () => {
    expect(combineRounds([round(1000, 20, 40), round(1300, 18, 300, 2), round(1300, 19, 45)])).toStrictEqual({
      requestsPerSecond: 1200,
      latencyP50Ms: 19,
      latencyP99Ms: 45,
      requests: 7200,
      non2xx: 2,
      errors: 0,
    });
  });

  it('takes the middle of two for an even number of rounds, and one round as it is', () => {
    expect(combineRounds([round(100, 10, 30), round(200, 20, 50)]).latencyP99Ms).toBe(40);
    expect(combineRounds([round(100, 10, 30)])).toStrictEqual(round(100, 10, 30));
    expect(() => combineRounds([])).toThrow('at least one round');
  });
});
