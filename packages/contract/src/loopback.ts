import { hostForUrl } from './host-for-url.js';

/** The loopback rule's hosts in words, for messages that state it. */
export const LOOPBACK_IN_WORDS = 'localhost, 127.0.0.0/8, ::1';

/**
 * Whether `host` (a host name or an address, IPv6 with or without brackets) is this machine's loopback, where
 * nothing crosses a network. It is read as the URL parser reads it (`127.1` and `0x7f.0.0.1` are 127.0.0.1,
 * `0:0:0:0:0:0:0:1` is ::1, names are lower-cased); a name is loopback only when it is `localhost` itself, since any
 * other name is whatever the resolver says it is. IPv4-mapped addresses (`::ffff:127.0.0.1`) are not: the rule
 * names loopback addresses as written, nothing cleverer.
 */
export function isLoopbackHost(host: string): boolean {
  const hostname = normalisedHost(host);
  return (
    hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/**
 * The transport rule for an address that is sent an API key: `https://`, or plain `http://` only on a loopback host.
 * A key sent over plain http anywhere else can be read on the way. False for anything that is not a URL.
 */
export function isEncryptedOrLoopback(url: string | URL): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname));
}

/** `host` as the URL parser reads it; unchanged when it holds more than a host (a path, user info, a port). */
function normalisedHost(host: string): string {
  if (/[/?#@\\\s]/.test(host)) return host;
  try {
    return new URL(`http://${hostForUrl(host)}`).hostname;
  } catch {
    return host;
  }
}
