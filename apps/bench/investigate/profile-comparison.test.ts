import { describe, expect, it } from 'vitest';
import { comparisonReport } from './profile-comparison.js';
import type { ProfileOutcome } from './profile-contender.js';

const outcome = (name: string, requests: number, areaMicros: Record<string, number>): ProfileOutcome => ({
  name,
  requestsPerSecond: requests / 10,
  requests,
  failed: 0,
  functions: [],
  areas: [],
  areasInclusive: [],
  areaMicros,
});

describe('comparisonReport', () => {
  it('gives each area its CPU per request on both sides, the largest differences first', () => {
    const store = outcome('store', 1000, { zod: 30_000, router: 60_000, 'node:net': 100_000 });
    const express = outcome('express', 2000, { router: 40_000, 'node:net': 200_000 });
    const lines = comparisonReport(store, express).split('\n');
    expect(lines[0]).toBe('  100 req/s (store) vs 200 req/s (bare Express) while profiled');
    expect(lines[1]).toBe('  main-thread CPU per request, µs: store    190.0, bare Express    120.0');
    // zod (+30) and router (+40) differ; node:net costs 100 µs a request on both sides.
    expect(lines.slice(3).map((line) => line.trim().split(/\s+/))).toStrictEqual([
      ['60.0', '20.0', '40.0', 'router'],
      ['30.0', '0.0', '30.0', 'zod'],
      ['100.0', '100.0', '0.0', 'node:net'],
    ]);
  });
});
