import { setTimeout as sleep } from 'node:timers/promises';

const JITTER_MAX_MS = 1_000;

/**
 * Holds every import worker before its next row while the store has asked for a pause (429 or 503): the budget and
 * the outage belong to the key and the store, not to the one row that was refused, so no worker spends requests
 * that would only be refused too. The refused row itself is resent by the client, after the same wait.
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

  /**
   * Resolves once the gate is open, each waiting worker after its own jitter of up to a second, so that the
   * workers it held do not all send at the same instant.
   */
  async ready(): Promise<void> {
    while (Date.now() < this.#openAt) {
      await sleep(this.#openAt - Date.now() + Math.floor(Math.random() * JITTER_MAX_MS));
    }
  }
}
