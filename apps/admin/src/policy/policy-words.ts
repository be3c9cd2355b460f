import type { ApiKey } from '@animal-store/contract';

const NUMBER = new Intl.NumberFormat('en');

/** A key's rate limit in a row: its own, or the store's default (RATE_LIMIT_PER_MINUTE). */
export function limitInWords({ rateLimitPerMinute }: Pick<ApiKey, 'rateLimitPerMinute'>): string {
  return rateLimitPerMinute === null ? 'default' : `${NUMBER.format(rateLimitPerMinute)} a minute`;
}

/** The networks a key may be used from in a row: any, or how many ranges (an empty list refuses every address). */
export function networksInWords({ allowedNetworks }: Pick<ApiKey, 'allowedNetworks'>): string {
  if (allowedNetworks === null) return 'any';
  if (allowedNetworks.length === 0) return 'none: every request refused';
  return `${allowedNetworks.length} range${allowedNetworks.length === 1 ? '' : 's'}`;
}
