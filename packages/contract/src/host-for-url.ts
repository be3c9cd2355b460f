/**
 * A host as it is written in a URL or a `host:port` address: an IPv6 address in brackets (`::1` → `[::1]`), any
 * other host, and a host already in brackets, unchanged. For `http://${hostForUrl(HOST)}:${PORT}`.
 */
export function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
