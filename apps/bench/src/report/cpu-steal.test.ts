import { describe, expect, it } from 'vitest';
import { parseCpuTimes, readCpuTimes, stealShare } from './cpu-steal.js';

describe('CPU steal during a run', () => {
  it('reads steal and the total from the all-CPUs line, leaving guest time out of the total', () => {
    const procStat = 'cpu  100 0 20 300 5 0 10 15 7 0\ncpu0 50 0 10 150 2 0 5 8 3 0\n';
    expect(parseCpuTimes(procStat)).toStrictEqual({ steal: 15, total: 450 });
  });

  it('gives no reading for text that is not /proc/stat', () => {
    expect(parseCpuTimes('')).toBeUndefined();
    expect(parseCpuTimes('intr 1 2 3 4 5 6 7 8 9')).toBeUndefined();
    expect(parseCpuTimes('cpu 1 2 3')).toBeUndefined();
  });

  it('is the share of the CPU time between two readings that went to the host', () => {
    expect(stealShare({ steal: 15, total: 450 }, { steal: 315, total: 1450 })).toBeCloseTo(0.3);
    expect(stealShare(undefined, { steal: 1, total: 2 })).toBeUndefined();
    expect(stealShare({ steal: 1, total: 2 }, { steal: 1, total: 2 })).toBeUndefined();
  });

  it('reads this machine where it runs Linux', () => {
    const reading = readCpuTimes();
    if (process.platform !== 'linux') expect(reading).toBeUndefined();
    else expect(reading?.total).toBeGreaterThan(0);
  });
});
