import type { ProfileOutcome } from './profile-contender.js';

/** Main-thread CPU a request cost, by area: the busy time of the profile divided by the requests it served. */
function microsPerRequest(outcome: ProfileOutcome): Map<string, number> {
  const perRequest = new Map<string, number>();
  for (const [area, micros] of Object.entries(outcome.areaMicros)) {
    perRequest.set(area, micros / Math.max(1, outcome.requests));
  }
  return perRequest;
}

const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);
const micros = (value: number) => value.toFixed(1).padStart(8);

/**
 * The store and bare Express under the same load, side by side: what a request costs each, in microseconds of
 * main-thread CPU, by area, the areas that make the difference first. Areas only the store has (its packages,
 * @ts-rest, zod, pino) are the price of its features; areas both have (Node's HTTP, the router, GC) show the
 * framework's floor.
 */
export function comparisonReport(store: ProfileOutcome, express: ProfileOutcome, top = 18): string {
  const storeCosts = microsPerRequest(store);
  const expressCosts = microsPerRequest(express);
  const areas = [...new Set([...storeCosts.keys(), ...expressCosts.keys()])]
    .map((area) => ({ area, store: storeCosts.get(area) ?? 0, express: expressCosts.get(area) ?? 0 }))
    .sort((a, b) => Math.abs(b.store - b.express) - Math.abs(a.store - a.express))
    .slice(0, top);
  const lines = [
    `  ${Math.round(store.requestsPerSecond)} req/s (store) vs ${Math.round(express.requestsPerSecond)} req/s (bare Express) while profiled`,
    `  main-thread CPU per request, µs: store ${micros(sum(storeCosts.values()))}, bare Express ${micros(sum(expressCosts.values()))}`,
    `  ${'store'.padStart(8)} ${'express'.padStart(8)} ${'store - express'.padStart(16)}  area`,
    ...areas.map(
      (row) =>
        `  ${micros(row.store)} ${micros(row.express)} ${micros(row.store - row.express).padStart(16)}  ${row.area}`,
    ),
  ];
  if (store.failed + express.failed > 0) {
    lines.push(`  note: ${store.failed + express.failed} requests failed while profiled`);
  }
  return lines.join('\n');
}
