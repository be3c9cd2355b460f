import type { AnimalStoreClient } from '@animal-store/client';
import { DEFAULT_ROTATION_OVERLAP_HOURS } from '@animal-store/contract';
import { writeNewKey } from '../output/new-key.js';

/**
 * The successor is printed like a new key. The old key's end is stated as the overlap asked for, "at most", since
 * a key that was due to expire sooner keeps its own earlier end.
 */
export async function rotateKey(
  client: AnimalStoreClient,
  keyId: number,
  options: { overlap?: number; json?: boolean },
): Promise<void> {
  const successor = await client.apiKeys.rotate(keyId, { overlapHours: options.overlap });
  const overlap = options.overlap ?? DEFAULT_ROTATION_OVERLAP_HOURS;
  const old =
    overlap === 0
      ? `key ${keyId} no longer works`
      : `key ${keyId} keeps working for at most ${overlap} more hour${overlap === 1 ? '' : 's'}`;
  const summary = `Rotated key ${keyId}: its successor is key ${successor.id} (${successor.name}); ${old}.`;
  writeNewKey(successor, summary, options.json);
}
