import { setTimeout as sleep } from 'node:timers/promises';
import { jitterMs } from './retry-policy.js';

/**
 * Holds every import worker while the server has asked for a pause (429 or 503 with `Retry-After`): the budget
 * and the outage belong to the key and the server, not to the one row that was refused, so no worker spends
 * requests that would only be refused too.
 */
export class SendGate {
  #openAt = 0;

  /** Closes the gate for `delayMs` from now (never shortening a longer pause); true when it was open until now. */
  pause(delayMs: number): boolean {
    const now = Date.now();
    const wasOpen = this.#openAt <= now;
    this.#openAt = Math.max(this.#openAt, now + delayMs);
    return wasOpen;
  }

  /** Resolves once the gate is open, each waiting worker after its own jitter. */
  async ready(): Promise<void> {
    while (Date.now() < this.#openAt) await sleep(this.#openAt - Date.now() + jitterMs());
  }
}
