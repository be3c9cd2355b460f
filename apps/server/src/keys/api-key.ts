import { hash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

const KEY_PREFIX = 'as_';

/** 32 random bytes in base64url, unpadded. */
const SECRET_LENGTH = 43;

/** The checksum after the secret: the CRC-32 of everything before it, as 4 bytes in base64url. */
const CHECKSUM_LENGTH = 6;

const checksumOf = (body: string) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(crc32(body));
  return bytes.toString('base64url');
};

/**
 * A new API key: a recognisable prefix, 256 random bits, and a checksum (as GitHub's tokens carry), so that a
 * mistyped or invented key is told apart from a real one without asking the database.
 */
export function generateApiKey(): string {
  const body = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return `${body}${checksumOf(body)}`;
}

const CHECKSUMMED_SHAPE = new RegExp(`^${KEY_PREFIX}[A-Za-z0-9_-]{${SECRET_LENGTH + CHECKSUM_LENGTH}}$`);
/** Keys issued before checksums: the same prefix and secret, nothing after. They keep working. */
const UNCHECKSUMMED_SHAPE = new RegExp(`^${KEY_PREFIX}[A-Za-z0-9_-]{${SECRET_LENGTH}}$`);

/**
 * Whether `key` may be a key `generateApiKey` issued, now or before checksums: anything else cannot be a stored
 * key, and costs no lookup.
 */
export function hasIssuedKeyShape(key: string): boolean {
  if (CHECKSUMMED_SHAPE.test(key)) {
    const split = key.length - CHECKSUM_LENGTH;
    return checksumOf(key.slice(0, split)) === key.slice(split);
  }
  return UNCHECKSUMMED_SHAPE.test(key);
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

/**
 * How a key an operator chose (API_KEYS) is shown: `sha256:` and the first 8 hex digits of its digest, which an
 * operator who holds the key can compute (`printf %s "$KEY" | sha256sum`) and nobody else can turn back into any of
 * its characters. Its own first characters would give part of a chosen key, however short, to every reader.
 */
export function configuredKeyFingerprint(key: string): string {
  return `sha256:${hashApiKey(key).slice(0, 8)}`;
}
