import { LIST_LIMIT } from '@animal-store/contract';
import { createApiClient } from '../api/api-client';
import { type CallFailure, describeFailure } from '../api/api-error';

/**
 * Asks the store whether it accepts a key, with the cheapest real call (one animal), so that a wrong key is
 * reported on the sign-in form instead of after the catalogue has started to load. `signal` cancels the question
 * when the admin turns to another environment meanwhile.
 */
export async function verifyApiKey(
  baseUrl: string,
  apiKey: string,
  signal?: AbortSignal,
): Promise<CallFailure | undefined> {
  try {
    const response = await createApiClient(baseUrl, apiKey).listPets.query({
      query: { limit: String(LIST_LIMIT.min) },
      fetchOptions: { signal },
    });
    return response.status === 200 ? undefined : describeFailure(response);
  } catch (error) {
    return describeFailure(error);
  }
}
