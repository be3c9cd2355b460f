import {
  AllowedNetworksSchema,
  FIELD_MESSAGES,
  NetworkRangeSchema,
  RateLimitPerMinuteSchema,
  type UpdateApiKey,
} from '@animal-store/contract';

/** A key's policy as its form holds it: the text of the rate limit box and of the networks box. */
export interface PolicyText {
  /** Requests a minute; '' for the store's default. */
  rateLimit: string;
  /** One CIDR range a line; '' for any network. */
  networks: string;
}

export type PolicyField = 'rateLimitPerMinute' | 'allowedNetworks';
export type Policy = Required<Pick<UpdateApiKey, PolicyField>>;

export const EMPTY_POLICY_TEXT: PolicyText = { rateLimit: '', networks: '' };

/** The text a key's policy is shown as in its form. */
export function policyText(policy: Policy): PolicyText {
  return {
    rateLimit: policy.rateLimitPerMinute === null ? '' : String(policy.rateLimitPerMinute),
    networks: policy.allowedNetworks === null ? '' : policy.allowedNetworks.join('\n'),
  };
}

const lineWords = (line: number) => `line ${line + 1}`;

/**
 * A message of the store about the range at `index` of the list it was sent, put on the networks box naming that
 * range as typed ("10.0.0.1/8: must have no address bits set…").
 */
export function aboutRange(
  sent: readonly string[] | null | undefined,
  index: number,
  message: string,
): string {
  return `${sent?.[index] ?? `range ${index + 1}`}: ${message}`;
}

/**
 * The policy the text means, checked by the contract's schemas with the store's own messages: digits only for the
 * limit (so "1e3" or "2.5" are refused as typed), each non-empty line a range. A host part set in a range
 * (`10.0.0.1/8`) is the store's to refuse; its message comes back on the field.
 */
export function parsePolicy(
  text: PolicyText,
): { policy: Policy } | { errors: Partial<Record<PolicyField, string>> } {
  const errors: Partial<Record<PolicyField, string>> = {};
  const typedLimit = text.rateLimit.trim();
  const limit = RateLimitPerMinuteSchema.safeParse(
    typedLimit === '' ? null : /^\d+$/.test(typedLimit) ? Number(typedLimit) : Number.NaN,
  );
  if (!limit.success) errors.rateLimitPerMinute = FIELD_MESSAGES.notRateLimit;

  const lines = text.networks.split('\n').map((line) => line.trim());
  const ranges = lines.filter((line) => line !== '');
  const wrongLine = lines.findIndex((line) => line !== '' && !NetworkRangeSchema.safeParse(line).success);
  const networks = AllowedNetworksSchema.safeParse(ranges.length === 0 ? null : ranges);
  if (wrongLine >= 0) errors.allowedNetworks = `${lineWords(wrongLine)}: ${FIELD_MESSAGES.notNetwork}`;
  else if (!networks.success)
    errors.allowedNetworks = networks.error.issues[0]?.message ?? FIELD_MESSAGES.invalid;

  if (!limit.success || !networks.success || wrongLine >= 0) return { errors };
  return { policy: { rateLimitPerMinute: limit.data, allowedNetworks: networks.data } };
}
