/**
 * Readiness is probed at most once per interval, and every caller in between shares that probe's outcome (an
 * unfinished probe included): a flood of `/readyz` costs the database one probe a second, never a write or a pool
 * connection per call.
 */
export const READINESS_PROBE_INTERVAL_MS = 1000;

export function sharedProbe(
  probe: () => Promise<void>,
  intervalMs = READINESS_PROBE_INTERVAL_MS,
): () => Promise<void> {
  let last: { startedAt: number; outcome: Promise<void> } | undefined;
  return () => {
    const now = Date.now();
    if (last === undefined || now - last.startedAt >= intervalMs) {
      const outcome = probe();
      // Callers that come later read it; none may leave it unhandled meanwhile.
      outcome.catch(() => undefined);
      last = { startedAt: now, outcome };
    }
    return last.outcome;
  };
}
