import { USAGE_WRITE_INTERVAL_SECONDS } from '@animal-store/contract';
import type { Logger } from 'pino';
import {
  type CountedHour,
  HOUR_MS,
  type KeyUsageRepository,
  type UsageKind,
} from '../store/key-usage-repository.js';

/**
 * While the database cannot take the counts they are kept and sent again; past this many (key, hour) rows the
 * oldest hours are given up, so that an outage costs counts, never the process's memory. A day of 4000 busy keys.
 */
export const MAX_PENDING_HOURS = 100_000;

/** The kind of answer a status is counted as: 2xx and 3xx answered, 429 limited, other 4xx refused, 5xx failed. */
export function usageKindOf(status: number): UsageKind {
  if (status >= 500) return 'failed';
  if (status === 429) return 'limited';
  return status >= 400 ? 'refused' : 'answered';
}

/**
 * Each stored key's requests by hour and kind of answer, counted in this process's memory and written every
 * USAGE_WRITE_INTERVAL_SECONDS (at most once an interval per key: one row per key and hour a write), and at a
 * graceful stop: never a write per request. A SIGKILL loses what was counted since the last write. Each worker
 * writes its own counts, which the table adds up.
 */
export class HourlyKeyUsage {
  /** Counts not yet written, by key, then by hour's start. */
  private pending = new Map<number, Map<number, CountedHour>>();
  private pendingHours = 0;
  private writing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repository: Pick<KeyUsageRepository, 'add'>,
    private readonly logger: Logger,
    private readonly options: { writeIntervalMs?: number; maxPendingHours?: number } = {},
  ) {}

  /** Counts one request of the stored key `keyId`, answered with `status` at `nowMs`. */
  count(keyId: number, status: number, nowMs = Date.now()): void {
    const hourMs = nowMs - (nowMs % HOUR_MS);
    let hours = this.pending.get(keyId);
    if (hours === undefined) {
      hours = new Map();
      this.pending.set(keyId, hours);
    }
    let counted = hours.get(hourMs);
    if (counted === undefined) {
      counted = { keyId, hourMs, answered: 0, refused: 0, limited: 0, failed: 0 };
      hours.set(hourMs, counted);
      this.pendingHours += 1;
    }
    counted[usageKindOf(status)] += 1;
  }

  /** Writes every interval until stop(); the timer keeps no process alive. */
  start(): void {
    const intervalMs = this.options.writeIntervalMs ?? USAGE_WRITE_INTERVAL_SECONDS * 1000;
    this.timer = setInterval(() => void this.write(), intervalMs).unref();
  }

  /** Stops the timer and writes what is left: a graceful stop loses nothing the database takes. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.write();
  }

  /**
   * Writes what was counted since the last write. A failed write keeps the counts for the next one (bounded by
   * MAX_PENDING_HOURS) and costs a log line, never an error: the counts are bookkeeping, not the request's answer.
   */
  write(): Promise<void> {
    // One write at a time: a slow database must not have two writes of one process add the same counts.
    this.writing ??= this.writeOnce().finally(() => {
      this.writing = undefined;
    });
    return this.writing;
  }

  private async writeOnce(): Promise<void> {
    if (this.pendingHours === 0) return;
    const taken = [...this.pending.values()].flatMap((hours) => [...hours.values()]);
    this.pending = new Map();
    this.pendingHours = 0;
    try {
      await this.repository.add(taken);
    } catch (error) {
      const kept = this.keepForNextWrite(taken);
      this.logger.warn(
        { err: error, keptHours: kept, droppedHours: taken.length - kept },
        'could not write the usage of API keys: kept for the next write',
      );
    }
  }

  /** Puts counts back that a write could not store, oldest hours first given up past the bound; returns how many kept. */
  private keepForNextWrite(taken: CountedHour[]): number {
    const room = (this.options.maxPendingHours ?? MAX_PENDING_HOURS) - this.pendingHours;
    const newestFirst = taken.sort((a, b) => b.hourMs - a.hourMs).slice(0, Math.max(0, room));
    for (const counted of newestFirst) {
      let hours = this.pending.get(counted.keyId);
      if (hours === undefined) {
        hours = new Map();
        this.pending.set(counted.keyId, hours);
      }
      const since = hours.get(counted.hourMs);
      if (since === undefined) {
        hours.set(counted.hourMs, counted);
        this.pendingHours += 1;
      } else {
        since.answered += counted.answered;
        since.refused += counted.refused;
        since.limited += counted.limited;
        since.failed += counted.failed;
      }
    }
    return newestFirst.length;
  }
}
