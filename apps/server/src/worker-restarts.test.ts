import { describe, expect, it } from 'vitest';
import { WorkerRestarts } from './worker-restarts.js';

describe('replacing dead workers', () => {
  it('replaces a worker that had been serving at once', () => {
    expect(new WorkerRestarts().delayAfterDeath(60_000)).toBe(0);
  });

  it('backs off when workers keep dying soon after they start, up to 30 s', () => {
    const restarts = new WorkerRestarts();
    const delays = Array.from({ length: 9 }, () => restarts.delayAfterDeath(200));
    expect(delays).toStrictEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('starts over once a worker has been serving again', () => {
    const restarts = new WorkerRestarts();
    restarts.delayAfterDeath(200);
    restarts.delayAfterDeath(200);
    expect(restarts.delayAfterDeath(20_000)).toBe(0);
    expect(restarts.delayAfterDeath(200)).toBe(500);
  });
});
