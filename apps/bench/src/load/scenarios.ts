import type { Request } from 'autocannon';
import { SEED_COUNT } from '../fixtures/seed-pets.js';
import type { Routes } from './routes.js';

export const SCENARIOS = ['listPets', 'listPets-status', 'getPet', 'createPet', 'mix-70-25-5'] as const;

/**
 * Run by `investigate kept-answers` only (the bench has no room for them within 10 minutes): the first page asked
 * with `If-None-Match: *`, which the store and the peers answer 304 (the bare ceilings, without ETags, 200).
 */
export const CONDITIONAL_SCENARIOS = ['listPets-304'] as const;

export type Scenario = (typeof SCENARIOS)[number] | (typeof CONDITIONAL_SCENARIOS)[number];

const NEW_PET_BODY = JSON.stringify({ name: 'Bench animal', categoryId: 7, status: 'available' });

/**
 * A small deterministic generator (mulberry32), so every contender is asked for the same sequence of ids and no
 * run depends on Math.random's seed.
 */
export function idSequence(seed: number, max = SEED_COUNT): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % max) + 1;
  };
}

function requestFor(
  kind: 'list' | 'filtered' | 'get' | 'create',
  routes: Routes,
  nextId: () => number,
): Request {
  switch (kind) {
    case 'list':
      return { method: 'GET', path: routes.list };
    case 'filtered':
      return { method: 'GET', path: routes.filtered };
    case 'get':
      return {
        method: 'GET',
        path: routes.byId(1),
        setupRequest: (request) => ({ ...request, path: routes.byId(nextId()) }),
      };
    case 'create':
      return {
        method: 'POST',
        path: routes.create,
        headers: { 'content-type': 'application/json' },
        body: NEW_PET_BODY,
      };
  }
}

/**
 * The 70/25/5 mix as one cycle of 20 requests that every connection repeats: 14 lists, 5 reads by id, 1 create,
 * spread so that creates do not arrive in bursts.
 */
const MIX_CYCLE = ['list', 'get', 'list', 'list', 'get', 'list', 'list', 'list', 'get', 'list']
  .concat(['list', 'get', 'list', 'list', 'list', 'get', 'list', 'list', 'list', 'create'])
  .map((kind) => kind as 'list' | 'get' | 'create');

/** The requests each autocannon connection cycles through for a scenario. */
export function scenarioRequests(scenario: Scenario, routes: Routes, seed = 1): Request[] {
  const nextId = idSequence(seed);
  switch (scenario) {
    case 'listPets':
      return [requestFor('list', routes, nextId)];
    case 'listPets-status':
      return [requestFor('filtered', routes, nextId)];
    case 'getPet':
      return [requestFor('get', routes, nextId)];
    case 'createPet':
      return [requestFor('create', routes, nextId)];
    case 'mix-70-25-5':
      return MIX_CYCLE.map((kind) => requestFor(kind, routes, nextId));
    case 'listPets-304':
      return [{ ...requestFor('list', routes, nextId), headers: { 'if-none-match': '*' } }];
  }
}
