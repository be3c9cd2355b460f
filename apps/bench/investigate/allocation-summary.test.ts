import { describe, expect, it } from 'vitest';
import { type SamplingHeapProfileNode, summariseAllocations } from './allocation-summary.js';

const node = (
  functionName: string,
  url: string,
  selfSize: number,
  children: SamplingHeapProfileNode[] = [],
): SamplingHeapProfileNode => ({ callFrame: { functionName, url, lineNumber: 9 }, selfSize, children });

describe('allocation summary', () => {
  const head = node('(root)', '', 0, [
    node('handle', 'file:///x/node_modules/.pnpm/router@2.3.0/node_modules/router/index.js', 4000, [
      node('listPets', 'file:///work/apps/server/dist/http/pet-handlers.js', 3000),
      node('write', 'file:///x/node_modules/sonic-boom/index.js', 1000, [
        node('byteLength', 'node:buffer', 2000),
      ]),
    ]),
  ]);

  it('divides what each function and package allocated by the requests served, largest first', () => {
    const summary = summariseAllocations(head, 10);
    expect(summary.bytesPerRequest).toBe(1000);
    expect(summary.areas).toStrictEqual([
      { name: 'router', bytesPerRequest: 400 },
      { name: '@animal-store/server', bytesPerRequest: 300 },
      { name: 'node:buffer', bytesPerRequest: 200 },
      { name: 'sonic-boom', bytesPerRequest: 100 },
    ]);
    expect(summary.functions[0]).toStrictEqual({ name: 'handle index.js:10 [router]', bytesPerRequest: 400 });
  });

  it('keeps the largest entries only, and never divides by zero', () => {
    const summary = summariseAllocations(head, 0, 1);
    expect(summary.areas).toStrictEqual([{ name: 'router', bytesPerRequest: 4000 }]);
    expect(summary.functions).toHaveLength(1);
  });
});
