import { FIELD_MESSAGES } from '@animal-store/contract';
import { hostBitsSet } from '../store/allowed-networks.js';

/**
 * What the contract's schema cannot state of a key's policy (its request schemas hold data only), as a validation
 * message naming the field: a limit above the operator's KEY_RATE_LIMIT_MAX_PER_MINUTE, or a range with address bits
 * set after its prefix length. Array elements are named as validation names them (`allowedNetworks.0`).
 */
export function keyPolicyProblem(
  policy: { rateLimitPerMinute?: number | null; allowedNetworks?: readonly string[] | null },
  maxRateLimitPerMinute: number,
): string | undefined {
  const limit = policy.rateLimitPerMinute;
  if (limit != null && limit > maxRateLimitPerMinute) {
    return (
      `body field 'rateLimitPerMinute': must be a whole number from 1 to ${maxRateLimitPerMinute}, the most ` +
      "this store allows, or null for the store's default"
    );
  }
  const index = policy.allowedNetworks?.findIndex(hostBitsSet) ?? -1;
  if (index >= 0) return `body field 'allowedNetworks.${index}': ${FIELD_MESSAGES.networkHostBitsSet}`;
  return undefined;
}
