import { hash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'as_';

/** A new API key: a recognisable prefix and 256 random bits. */
export function generateApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** 32 bytes in base64url, unpadded: what `generateApiKey` writes after the prefix. */
const ISSUED_KEY_SHAPE = new RegExp(`^${KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** Whether `key` has the shape of a key `generateApiKey` issues: anything else cannot be a stored key. */
export function hasIssuedKeyShape(key: string): boolean {
  return ISSUED_KEY_SHAPE.test(key);
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
