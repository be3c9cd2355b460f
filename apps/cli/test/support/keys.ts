/** The reminder `keys create` and `keys rotate` write on stderr after the new key. */
export const SHOWN_ONCE =
  'warning: the new key is shown only this once: store it now, it cannot be shown again.\n';

/** The UTC date `days` from now, as `--expires` takes it. */
export const daysAhead = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An instant as the key table shows it: its day in UTC. */
export const toDay = (instant: string): string => new Date(instant).toISOString().slice(0, 10);

/** How often `text` occurs in `output`. */
export const occurrences = (output: string, text: string): number => output.split(text).length - 1;
