import type { ApiKey } from '@animal-store/contract';
import { createApiClient } from '../api/api-client';
import { type CallFailure, describeFailure } from '../api/api-error';

/**
 * Asks the store whether it accepts a key, with the one call any active key may make whatever its scopes
 * (`apiKeys.current`), so that a wrong key is reported on the sign-in form instead of after the catalogue has
 * started to load. The answer says what the key may do; the app keeps it rather than ask again. `signal` cancels
 * the question when the admin turns to another environment meanwhile.
 */
export async function verifyApiKey(
  baseUrl: string,
  apiKey: string,
  signal?: AbortSignal,
): Promise<{ accepted: ApiKey } | { failure: CallFailure }> {
  try {
    return { accepted: await createApiClient(baseUrl, apiKey).apiKeys.current({ signal }) };
  } catch (error) {
    return { failure: describeFailure(error) };
  }
}
