import { Counter, type Registry } from 'prom-client';

/** What the request path adds to: one series of a counter, counted since the last scrape. */
export interface PendingCount {
  pending: number;
}

/**
 * A labelled counter that requests count as plain numbers, added to prom-client's counter when Prometheus scrapes
 * (its `collect` hook). prom-client hashes and checks the labels of every `inc`, even through a child bound to its
 * labels: a cost on every request for a value that only a scrape reads. The series of one set of label values is
 * looked up once and kept by the caller.
 */
export function counterCountedAtScrape<Label extends string>(configuration: {
  name: string;
  help: string;
  labelNames: readonly Label[];
  registers: Registry[];
}) {
  const series = new Map<string, { labels: Record<Label, string>; count: PendingCount }>();
  // Kept by the registers it names, which read it at each scrape.
  new Counter<Label>({
    ...configuration,
    collect() {
      for (const { labels, count } of series.values()) {
        if (count.pending === 0) continue;
        this.inc(labels, count.pending);
        count.pending = 0;
      }
    },
  });
  return {
    /** The pending count of the series with these label values, in the order of `labelNames`. */
    series(...values: string[]): PendingCount {
      const key = values.join('\n');
      let found = series.get(key);
      if (found === undefined) {
        const labels = Object.fromEntries(
          configuration.labelNames.map((name, index) => [name, values[index]]),
        ) as Record<Label, string>;
        found = { labels, count: { pending: 0 } };
        series.set(key, found);
      }
      return found.count;
    },
  };
}
