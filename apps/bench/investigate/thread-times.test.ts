import { describe, expect, it } from 'vitest';
import { cpuSpentBetween, parseTaskStat, readThreadTimes, TICKS_PER_SECOND } from './thread-times.js';

/** A line of /proc/<pid>/task/<tid>/stat, its name with a space and a parenthesis in it. */
const line = (tid: number, name: string, user: number, system: number) =>
  `${tid} (${name}) S 1 ${tid} ${tid} 0 -1 4194304 100 0 0 0 ${user} ${system} 0 0 20 0 9 0 1000 100000 2000`;

describe('thread times', () => {
  it('reads the name and the user and kernel ticks of a thread, whatever its name holds', () => {
    expect(parseTaskStat(line(42, 'V8 DefaultWorke) x', 310, 25))).toStrictEqual({
      tid: 42,
      name: 'V8 DefaultWorke) x',
      userTicks: 310,
      systemTicks: 25,
    });
  });

  it('splits what was spent between two readings into the main thread and the others', () => {
    const before = [parseTaskStat(line(7, 'node', 100, 10)), parseTaskStat(line(8, 'libuv-worker', 5, 5))];
    const after = [
      parseTaskStat(line(7, 'node', 300, 60)),
      parseTaskStat(line(8, 'libuv-worker', 15, 5)),
      parseTaskStat(line(9, 'V8 DefaultWorke', 20, 0)),
    ];
    const spent = cpuSpentBetween(7, before, after);
    expect(spent.mainUser).toBeCloseTo(200 / TICKS_PER_SECOND, 9);
    expect(spent.mainSystem).toBeCloseTo(50 / TICKS_PER_SECOND, 9);
    expect(spent.otherThreads).toBeCloseTo(30 / TICKS_PER_SECOND, 9);
  });

  it('reads a live process: this one, whose main thread has spent time', () => {
    const threads = readThreadTimes(process.pid);
    const main = threads.find((thread) => thread.tid === process.pid);
    expect(main).toBeDefined();
    expect((main?.userTicks ?? 0) + (main?.systemTicks ?? 0)).toBeGreaterThan(0);
  });
});
