/**
 * A random UUID (version 4) to send as an Idempotency-Key. Made from `getRandomValues` rather than
 * `crypto.randomUUID`, which browsers offer only in a secure context: a page opened over plain HTTP at a LAN
 * address is not one.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // RFC 9562 §5.4: the version (4) in the high nibble of byte 6, the variant (10) in the top bits of byte 8.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
