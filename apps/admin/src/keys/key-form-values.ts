import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  expiryProblem,
  type NewApiKey,
  NewApiKeySchema,
} from '@animal-store/contract';
import { EMPTY_POLICY_TEXT, type PolicyText, parsePolicy } from '../policy/policy-values';

/** What the create-key form holds: the expiry as the date-and-time box gives it, in the admin's time zone. */
export interface KeyFormValues extends PolicyText {
  name: string;
  scopes: readonly ApiKeyScope[];
  /** `YYYY-MM-DDTHH:mm`, or '' for a key that does not expire. */
  expiresAt: string;
  /** The box holds a date or time only half typed: its value reads as '', which must not mean "never". */
  expiresAtIncomplete: boolean;
}

export type KeyField = 'name' | 'scopes' | 'expiresAt' | 'rateLimitPerMinute' | 'allowedNetworks';

export type KeyFieldErrors = Partial<Record<KeyField, string>>;

export const EMPTY_KEY_FORM: KeyFormValues = {
  name: '',
  scopes: [],
  expiresAt: '',
  expiresAtIncomplete: false,
  ...EMPTY_POLICY_TEXT,
};

/** The form's fields in the order they are shown. */
export const KEY_FIELDS: readonly KeyField[] = [
  'name',
  'scopes',
  'expiresAt',
  'rateLimitPerMinute',
  'allowedNetworks',
];

export function isKeyField(name: string): name is KeyField {
  return (KEY_FIELDS as readonly string[]).includes(name);
}

/** The scopes with `scope` switched on or off, always in the contract's order. */
export function toggleScope(scopes: readonly ApiKeyScope[], scope: ApiKeyScope, on: boolean): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((each) => (each === scope ? on : scopes.includes(each)));
}

/**
 * The form checked by the contract's NewApiKeySchema and by the two expiry rules the store adds to it
 * (`expiryProblem`: in the future, within MAX_API_KEY_LIFETIME_DAYS), with the store's own messages; the policy
 * (rate limit, networks) as parsePolicy reads it, sent only where it differs from the store's defaults. `now` is a
 * parameter for the tests.
 */
export function validateKeyForm(
  values: KeyFormValues,
  now = new Date(),
): { key: NewApiKey } | { errors: KeyFieldErrors } {
  // Without an offset the box's value is read in the admin's time zone, as it was picked.
  const expires = values.expiresAt === '' ? undefined : new Date(values.expiresAt);
  const parsed = parsePolicy(values);
  const policy = 'policy' in parsed ? parsed.policy : undefined;
  const result = NewApiKeySchema.safeParse({
    name: values.name,
    scopes: values.scopes,
    ...(expires && { expiresAt: expires.toISOString() }),
    ...(policy?.rateLimitPerMinute != null && { rateLimitPerMinute: policy.rateLimitPerMinute }),
    ...(policy?.allowedNetworks != null && { allowedNetworks: policy.allowedNetworks }),
  });
  const errors: KeyFieldErrors = 'errors' in parsed ? { ...parsed.errors } : {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (isKeyField(field)) errors[field] ??= issue.message;
  }
  if (values.expiresAtIncomplete) errors.expiresAt = 'must be a whole date and time, or empty';
  else if (expires) {
    const problem = expiryProblem(expires, now);
    if (problem) errors.expiresAt = problem;
  }
  return result.success && Object.keys(errors).length === 0 ? { key: result.data } : { errors };
}
