/**
 * An instant as the tables and summaries show it: ISO 8601 in UTC to the minute (`2027-01-31T23:59Z`). The store
 * records use to the minute, and UTC reads the same on every machine; `--json` keeps the exact values.
 */
export function instantInWords(instant: string): string {
  return `${new Date(instant).toISOString().slice(0, 16)}Z`;
}

/** An instant's day in UTC (`2027-01-31`), where a table has no room for the minute. */
export function dayInWords(instant: string): string {
  return new Date(instant).toISOString().slice(0, 10);
}
