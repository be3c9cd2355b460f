/** The ranges a key's usage chart offers, and how many hours each of its bars sums. */
export const USAGE_RANGES = [
  { id: '24h', label: '24 hours', days: 1, hoursPerBar: 1 },
  { id: '7d', label: '7 days', days: 7, hoursPerBar: 6 },
  { id: '30d', label: '30 days', days: 30, hoursPerBar: 24 },
  { id: '90d', label: '90 days', days: 90, hoursPerBar: 24 },
] as const;

export type UsageRange = (typeof USAGE_RANGES)[number];
export type UsageRangeId = UsageRange['id'];

/** The sparkline of a key's row: the store's default range, in bars of six hours. */
export const ROW_RANGE: UsageRange = USAGE_RANGES[1];

export function usageRange(id: string): UsageRange {
  return USAGE_RANGES.find((range) => range.id === id) ?? ROW_RANGE;
}

/**
 * The `since` of a range ending now. The store rounds it down to its hour and counts to the end of the hour under
 * way, so going back one hour less than the range's days gives exactly their hours, the current one last; whole
 * days back would ask for one hour more, which the store refuses for its longest range (90 days).
 */
export function rangeSince(range: UsageRange, now: number): string {
  return new Date(now - (range.days * 24 - 1) * 3_600_000).toISOString();
}
