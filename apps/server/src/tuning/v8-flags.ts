import v8 from 'node:v8';

/**
 * V8 options of a serving process.
 *
 * `--no-allocation-site-pretenuring`: V8 watches the places in the code that create objects, and when nearly all
 * the objects it samples from one place outlive a young-generation collection, it creates every later one there
 * directly in the old generation, which only a full collection cleans. Under load on PostgreSQL it did so in
 * the first seconds with the places that build the rows of a list (`--trace-pretenuring`: 170 to 340 sampled
 * objects, all alive): from then on every row lived until a full collection and held the strings it points to
 * through every young one, which took 2 to 4.5 ms instead of about 1. A request's objects die with the request,
 * so a serving process has no use for pretenuring (decision 011; ledger row "no pretenuring" in docs/performance.md).
 * V8 still makes these decisions on Node 26 (`--trace-pretenuring --trace-pretenuring-statistics`).
 */
export const SERVING_V8_FLAGS = ['--no-allocation-site-pretenuring'] as const;

/**
 * Applies SERVING_V8_FLAGS to this process. Set at run time rather than on the command line so that the store runs
 * with them however it is started; V8 reads this flag at every collection, so it takes effect from then on.
 */
export function tuneV8ForServing(): void {
  for (const flag of SERVING_V8_FLAGS) v8.setFlagsFromString(flag);
}
