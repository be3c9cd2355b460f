import type { ApiKeyUsageHour } from '@animal-store/contract';

/** The four kinds of answer a key's usage counts, in the order charts stack and legends list them. */
export const USAGE_KINDS = ['answered', 'refused', 'limited', 'failed'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

export type UsageCounts = Record<UsageKind, number>;

/** One bar of a chart: the hours it sums, from `start` (the first hour's start) for `hours` hours. */
export interface UsageBar extends UsageCounts {
  start: string;
  hours: number;
}

export const NO_USAGE: UsageCounts = { answered: 0, refused: 0, limited: 0, failed: 0 };

export function addCounts(a: UsageCounts, b: UsageCounts): UsageCounts {
  return {
    answered: a.answered + b.answered,
    refused: a.refused + b.refused,
    limited: a.limited + b.limited,
    failed: a.failed + b.failed,
  };
}

export const totalOf = (counts: UsageCounts) =>
  counts.answered + counts.refused + counts.limited + counts.failed;

/**
 * The store's hours summed into bars of `hoursPerBar`, cut where the browser's clock starts a day or a block of it
 * (midnight, 6:00…), so that a day's bar is the admin's day. The first and last bars may hold fewer hours.
 */
export function toBars(hours: readonly ApiKeyUsageHour[], hoursPerBar: number): UsageBar[] {
  const bars: UsageBar[] = [];
  let blockOfLast: string | undefined;
  for (const { hour, ...counts } of hours) {
    const at = new Date(hour);
    const block = `${at.toDateString()} ${Math.floor(at.getHours() / hoursPerBar)}`;
    const last = bars.at(-1);
    if (last && block === blockOfLast) {
      Object.assign(last, addCounts(last, counts), { hours: last.hours + 1 });
    } else {
      bars.push({ start: hour, hours: 1, ...addCounts(NO_USAGE, counts) });
      blockOfLast = block;
    }
  }
  return bars;
}
