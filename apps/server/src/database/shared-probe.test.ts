import { describe, expect, it } from 'vitest';
import { sharedProbe } from './shared-probe.js';

describe('sharedProbe', () => {
  it('probes once per interval, however many callers ask, and shares a failure as well', async () => {
    let probes = 0;
    let failing = false;
    const check = sharedProbe(async () => {
      probes += 1;
      if (failing) throw new Error('unreachable');
    }, 50);
    await Promise.all(Array.from({ length: 100 }, check));
    expect(probes).toBe(1);

    failing = true;
    await new Promise((resolve) => setTimeout(resolve, 60));
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, check));
    expect(probes).toBe(2);
    expect(new Set(outcomes.map(({ status }) => status))).toStrictEqual(new Set(['rejected']));
  });
});
