import { describe, expect, it } from 'vitest';
import { addCounts, NO_USAGE, toBars, totalOf } from './usage-bars';

const START = Date.parse('2026-11-19T10:00:00.000Z');
/** A week of the store's hours, each with a count of its own so that a lost or doubled hour shows. */
const WEEK = Array.from({ length: 168 }, (_, hour) => ({
  hour: new Date(START + hour * 3_600_000).toISOString(),
  answered: hour + 1,
  refused: hour % 3,
  limited: hour % 5 === 0 ? 2 : 0,
  failed: hour === 100 ? 1 : 0,
}));

describe('toBars', () => {
  it('keeps every count, each kind apart, whatever the size of the bars', () => {
    const week = WEEK.reduce(addCounts, NO_USAGE);
    for (const hoursPerBar of [1, 6, 24]) {
      const bars = toBars(WEEK, hoursPerBar);
      expect(bars.reduce(addCounts, NO_USAGE)).toStrictEqual(week);
      expect(bars.reduce((hours, bar) => hours + bar.hours, 0)).toBe(168);
      expect(Math.max(...bars.map((bar) => bar.hours))).toBeLessThanOrEqual(hoursPerBar);
    }
    expect(toBars(WEEK, 1).map(totalOf)).toStrictEqual(WEEK.map(totalOf));
  });

  it("cuts bars where the browser's clock starts a day or a block of six hours", () => {
    for (const [hoursPerBar, bars] of [
      [24, [7, 8]],
      [6, [28, 29]],
    ] as const) {
      const cut = toBars(WEEK, hoursPerBar);
      expect(bars).toContain(cut.length);
      for (const bar of cut.slice(1)) {
        expect(new Date(bar.start).getHours() % hoursPerBar).toBe(0);
      }
    }
  });
});
