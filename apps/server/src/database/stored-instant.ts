/**
 * The one form in which the store writes an instant: `toISOString`'s, with a four-digit year
 * (`2027-01-31T23:59:59.000Z`). Its text order is time order, so that SQL compares instants as text on both
 * databases and agrees with `Date.parse`. A later instant is stored as the latest one this form holds: a key that
 * expires in the year 10000 does not expire, as one that expires at the end of 9999 does not (decision 058).
 */
export const LATEST_STORED_INSTANT = '9999-12-31T23:59:59.999Z';

/** The earliest instant with a four-digit year; nothing the store writes lies before it. */
const EARLIEST_STORED_INSTANT = '0000-01-01T00:00:00.000Z';

const LATEST_MS = Date.parse(LATEST_STORED_INSTANT);
const EARLIEST_MS = Date.parse(EARLIEST_STORED_INSTANT);

/** `instant` in the stored form: an ISO 8601 text (any offset, any year), a Date, or milliseconds since 1970. */
export function storedInstant(instant: string | number | Date): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : Number(instant);
  if (Number.isNaN(ms)) throw new RangeError(`'${String(instant)}' is not an instant`);
  return new Date(Math.min(Math.max(ms, EARLIEST_MS), LATEST_MS)).toISOString();
}
