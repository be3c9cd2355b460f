import { hash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'as_';

/** A new API key: a recognisable prefix and 256 random bits. */
export function generateApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * Keys are stored and compared only as SHA-256 digests: a leaked database reveals no usable key, and looking a
 * digest up by equality leaks nothing about the key through timing.
 */
export function hashApiKey(key: string): string {
  // Node's one-shot digest: every request hashes its key, and a Hash object per call cost several microseconds.
  return hash('sha256', key, 'hex');
}

/** Enough of a key to recognise it in a list, too little to use it. */
export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 6);
}
