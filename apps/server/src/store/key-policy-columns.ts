/**
 * How a key's `allowedNetworks` is stored: the ranges space-separated, as scopes are (a range holds no space), an
 * empty text for an empty list (which refuses every address), NULL for any network.
 */
export const encodeNetworks = (networks: readonly string[] | null): string | null =>
  networks === null ? null : networks.join(' ');

export const decodeNetworks = (stored: string | null): string[] | null =>
  stored === null ? null : stored.split(' ').filter(Boolean);
