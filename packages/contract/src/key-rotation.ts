import type { ApiKey } from './api-key-schemas.js';

type RotationFields = Pick<ApiKey, 'id' | 'rotatedAt' | 'replaces'>;

/**
 * Which key a rotation links a key to, in the words every key list uses (the CLI's and the server's `keys list`):
 * `replaces 3` for a successor, `replaced by 4` for the key it replaced (which stops at its `expiresAt`); undefined
 * for a key no rotation touched. `keys` is the list the key is shown in, where its successor is found.
 */
export function rotationInWords(key: RotationFields, keys: readonly RotationFields[]): string | undefined {
  const words: string[] = [];
  if (key.replaces !== null) words.push(`replaces ${key.replaces}`);
  if (key.rotatedAt !== null) {
    const successor = keys.find((each) => each.replaces === key.id);
    words.push(successor ? `replaced by ${successor.id}` : 'rotated');
  }
  return words.length === 0 ? undefined : words.join(', ');
}
