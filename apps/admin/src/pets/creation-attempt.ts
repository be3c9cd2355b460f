import { newIdempotencyKey } from '@animal-store/client';
import type { NewPet } from '@animal-store/contract';

/**
 * The Idempotency-Key for adding an animal. Sending the same values again after a failure re-uses the key, so if
 * the first request did reach the store before the connection broke, the store replays it instead of adding the
 * animal twice; once an animal is added, the next one gets a new key even if its values are the same.
 */
export class CreationAttempt {
  private current: { body: string; key: string } | undefined;

  keyFor(pet: NewPet): string {
    const body = JSON.stringify(pet);
    if (this.current?.body !== body) this.current = { body, key: newIdempotencyKey() };
    return this.current.key;
  }

  succeeded(): void {
    this.current = undefined;
  }
}
