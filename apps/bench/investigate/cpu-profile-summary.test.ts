import { describe, expect, it } from 'vitest';
import { areaOf, type CpuProfile, summariseProfile } from './cpu-profile-summary.js';

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });

describe('summariseProfile', () => {
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(idle)', '') },
      {
        id: 2,
        callFrame: frame(
          'parse',
          'file:///r/node_modules/.pnpm/zod@3.25.76/node_modules/zod/lib/types.js',
          9,
        ),
      },
      { id: 3, callFrame: frame('write', 'node:net') },
      {
        id: 4,
        callFrame: frame('handler', 'file:///r/apps/server/dist/http/pet-handlers.js', 19),
        children: [2, 3],
      },
    ],
    samples: [1, 2, 2, 3, 4, 1],
    timeDeltas: [500, 30, 30, 20, 20, 500],
  };

  it('ranks self time of the busy samples by function and by area, leaving idle out', () => {
    expect(summariseProfile(profile)).toStrictEqual({
      functions: [
        { name: 'parse types.js:10 [zod]', selfPercent: 60 },
        { name: 'write node:net:1 [node:net]', selfPercent: 20 },
        { name: 'handler pet-handlers.js:20 [@animal-store/server]', selfPercent: 20 },
      ],
      areas: [
        { name: 'zod', selfPercent: 60 },
        { name: 'node:net', selfPercent: 20 },
        { name: '@animal-store/server', selfPercent: 20 },
      ],
      areasInclusive: [
        { name: '@animal-store/server', selfPercent: 100 },
        { name: 'zod', selfPercent: 60 },
        { name: 'node:net', selfPercent: 20 },
      ],
      areaMicros: { zod: 60, 'node:net': 20, '@animal-store/server': 20 },
    });
  });

  it('leaves out start-up: samples taken while a module loads', () => {
    const loading: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('compile', 'node:internal/modules/cjs/loader'), children: [2] },
        { id: 2, callFrame: frame('top', 'file:///r/node_modules/zod/lib/index.js') },
        { id: 3, callFrame: frame('write', 'node:net') },
      ],
      samples: [1, 2, 3],
      timeDeltas: [10, 10, 10],
    };
    expect(summariseProfile(loading).areaMicros).toStrictEqual({ 'node:net': 10 });
  });

  it('names the package of a nested pnpm path and the scope of scoped packages', () => {
    expect(
      areaOf('file:///r/node_modules/.pnpm/@ts-rest+core@3/node_modules/@ts-rest/core/index.js', 'f'),
    ).toBe('@ts-rest/core');
    expect(areaOf('', '(garbage collector)')).toBe('(garbage collector)');
  });
});
