import { createApiClient } from '../api/api-client';
import { type CallFailure, describeFailure } from '../api/api-error';
import type { CurrentKeyAnswer } from '../session/current-key';

/**
 * Asks the store whether it accepts a key, with the one call any active key may make whatever its scopes
 * (getCurrentApiKey), so that a wrong key is reported on the sign-in form instead of after the catalogue has
 * started to load. The answer says what the key may do; the app keeps it rather than ask again. `signal` cancels
 * the question when the admin turns to another environment meanwhile.
 */
export async function verifyApiKey(
  baseUrl: string,
  apiKey: string,
  signal?: AbortSignal,
): Promise<{ accepted: CurrentKeyAnswer } | { failure: CallFailure }> {
  try {
    const response = await createApiClient(baseUrl, apiKey).getCurrentApiKey.query({
      fetchOptions: { signal },
    });
    return response.status === 200 ? { accepted: response } : { failure: describeFailure(response) };
  } catch (error) {
    return { failure: describeFailure(error) };
  }
}
