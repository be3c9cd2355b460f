import type { UsageBar, UsageCounts } from './usage-bars';
import { totalOf } from './usage-bars';

/** The app speaks English, so its numbers are written as English writes them: 1,204. */
const NUMBER = new Intl.NumberFormat('en');

const count = (n: number) => (n === 0 ? 'none' : NUMBER.format(n));

/**
 * The chart said in one sentence, for those who do not see it: "1,204 requests in 7 days: 1,180 answered, 12
 * refused, 12 limited, none failed".
 */
export function usageSummary(counts: UsageCounts, rangeLabel: string): string {
  const total = totalOf(counts);
  if (total === 0) return `No requests in ${rangeLabel}.`;
  return (
    `${NUMBER.format(total)} request${total === 1 ? '' : 's'} in ${rangeLabel}: ${count(counts.answered)} answered, ` +
    `${count(counts.refused)} refused, ${count(counts.limited)} limited, ${count(counts.failed)} failed.`
  );
}

const DAY = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const TIME = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** When a bar's hours ran, on the browser's clock: "Tue 1 Dec" for a day, "Tue 1 Dec, 06:00–12:00" for less. */
export function barPeriod(bar: Pick<UsageBar, 'start' | 'hours'>, hoursPerBar: number): string {
  const start = new Date(bar.start);
  if (hoursPerBar >= 24) return DAY.format(start);
  const end = new Date(start.getTime() + bar.hours * 3_600_000);
  return `${DAY.format(start)}, ${TIME.format(start)}–${TIME.format(end)}`;
}
