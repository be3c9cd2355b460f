/** The browser's own language and time zone: the admin reads times as their clock shows them. */
const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatInstant(instant: string): string {
  return FORMAT.format(new Date(instant));
}

/**
 * The formatted instant cut where its time of day begins ("Nov 28, 2026, " and "2:09 PM"), so that a narrow column
 * breaks the line there and never inside either; whole when the language puts the time first.
 */
function dayAndTime(instant: string): [string, string] {
  const parts = FORMAT.formatToParts(new Date(instant));
  const hour = parts.findIndex((part) => part.type === 'hour');
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return hour > 0 ? [text(0, hour), text(hour)] : [text(0), ''];
}

/** An instant from the store, or what its absence means (`none`: "never", "—"). */
export function Instant({ value, none }: { value: string | null; none: string }) {
  if (value === null) return <span className="muted">{none}</span>;
  const [day, time] = dayAndTime(value);
  const dayText = day.trimEnd();
  return (
    <time dateTime={value}>
      <span className="instant-part">{dayText}</span>
      {day.slice(dayText.length)}
      {time && <span className="instant-part">{time}</span>}
    </time>
  );
}
