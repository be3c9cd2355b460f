import type { ApiKey } from '@animal-store/contract';
import { createApiClient } from '../api/api-client';
import { type CallFailure, describeFailure } from '../api/api-error';

/**
 * Asks the store whether it accepts a key, with the one call any active key may make whatever its scopes
 * (`getCurrentApiKey`), so that a wrong key is reported on the sign-in form instead of after the catalogue has
 * started to load. The answer says what the key may do; the app keeps it rather than ask again. `signal` cancels
 * the question when the admin turns to another environment meanwhile.
 */
export async function verifyApiKey(
  baseUrl: string,
  apiKey: string,
  signal?: AbortSignal,
): Promise<{ accepted: ApiKey } | { failure: CallFailure }> {
  try {
    const answer = await createApiClient(baseUrl, apiKey).getCurrentApiKey.query({
      query: {},
      fetchOptions: { signal },
    });
    // The fetcher resolves only to the route's success; every other answer was thrown as an AnimalStoreError.
    if (answer.status !== 200) return { failure: { kind: 'unexpected' } };
    // Only an active key signs in: a store that still trusts a key revoked or expired moments ago (an older one,
    // or one within its cache time) may let the question through, but the key is refused from now on.
    return answer.body.state === 'active' ? { accepted: answer.body } : { failure: { kind: 'unauthorized' } };
  } catch (error) {
    return { failure: describeFailure(error) };
  }
}
