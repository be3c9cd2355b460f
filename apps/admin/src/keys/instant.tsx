/** The browser's own language and time zone: the admin reads times as their clock shows them. */
const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatInstant(instant: string): string {
  return FORMAT.format(new Date(instant));
}

/** An instant from the store, or what its absence means (`none`: "never", "—"). */
export function Instant({ value, none }: { value: string | null; none: string }) {
  if (value === null) return <span className="muted">{none}</span>;
  return <time dateTime={value}>{formatInstant(value)}</time>;
}
