import type { ApiKey } from '@animal-store/contract';

/** A key's rate limit and networks in words, as `keys create` and `keys update` print them. */
export function policyInWords(key: Pick<ApiKey, 'rateLimitPerMinute' | 'allowedNetworks'>): string {
  const limit =
    key.rateLimitPerMinute === null
      ? "the store's rate limit"
      : `${key.rateLimitPerMinute} requests a minute`;
  const networks =
    key.allowedNetworks === null
      ? 'from any network'
      : key.allowedNetworks.length === 0
        ? 'from no network'
        : `from ${key.allowedNetworks.join(', ')} only`;
  return `${limit}, ${networks}`;
}
