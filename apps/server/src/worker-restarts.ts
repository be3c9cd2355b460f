/** A worker that dies sooner than this after it started is taken to have failed to start. */
const SETTLED_AFTER_MS = 10_000;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

/**
 * When to replace a dead worker. One that had been serving is replaced at once; one that died soon after it
 * started serving (a fault that kills it again, such as a storage failure) is replaced after a delay that doubles
 * with each such death, up to 30 s, so that a lasting fault costs a slow retry instead of a tight crash loop.
 */
export class WorkerRestarts {
  private quickDeaths = 0;

  /** The delay before replacing a worker that lived `lifetimeMs`. */
  delayAfterDeath(lifetimeMs: number): number {
    if (lifetimeMs >= SETTLED_AFTER_MS) {
      this.quickDeaths = 0;
      return 0;
    }
    this.quickDeaths += 1;
    return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (this.quickDeaths - 1));
  }
}
