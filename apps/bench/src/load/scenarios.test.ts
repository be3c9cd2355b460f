import { describe, expect, it } from 'vitest';
import { jsonServerRoutes, storeRoutes } from './routes.js';
import { idSequence, scenarioRequests } from './scenarios.js';

describe('scenarioRequests', () => {
  it('makes the mix 70% lists, 25% reads by id and 5% creates in every 20-request cycle', () => {
    const cycle = scenarioRequests('mix-70-25-5', storeRoutes);
    const kinds = cycle.map((request) =>
      request.method === 'POST' ? 'create' : request.setupRequest ? 'get' : 'list',
    );
    expect(kinds).toHaveLength(20);
    expect(kinds.filter((kind) => kind === 'list')).toHaveLength(14);
    expect(kinds.filter((kind) => kind === 'get')).toHaveLength(5);
    expect(kinds.filter((kind) => kind === 'create')).toHaveLength(1);
  });

  it('asks json-server for the same things in its own route spelling', () => {
    expect(scenarioRequests('listPets-status', jsonServerRoutes)).toStrictEqual([
      { method: 'GET', path: '/pets?status=sold&_limit=20' },
    ]);
    const setup = scenarioRequests('getPet', jsonServerRoutes, 7)[0]?.setupRequest;
    if (typeof setup !== 'function') throw new Error('getPet must pick its id per request');
    expect(setup({ path: '/pets/1' }, {})).toStrictEqual({ path: `/pets/${idSequence(7)()}` });
  });
});

describe('idSequence', () => {
  it('repeats for the same seed and stays within the seeded ids', () => {
    const a = idSequence(42);
    const b = idSequence(42);
    const ids = Array.from({ length: 2_000 }, () => a());
    expect(Array.from({ length: 2_000 }, () => b())).toStrictEqual(ids);
    expect(Math.min(...ids)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...ids)).toBeLessThanOrEqual(10_000);
    expect(new Set(ids).size).toBeGreaterThan(1_500);
  });
});
