import { LIST_LIMIT } from '@animal-store/contract';
import { createApiClient } from '../api/api-client';
import { describeFailure } from '../api/api-error';

/**
 * Asks the store whether it accepts a key, with the cheapest real call (one animal), so that a wrong key is
 * reported on the sign-in form instead of after the catalogue has started to load.
 */
export async function verifyApiKey(baseUrl: string, apiKey: string): Promise<string | undefined> {
  try {
    const response = await createApiClient(baseUrl, apiKey).listPets.query({
      query: { limit: String(LIST_LIMIT.min) },
    });
    if (response.status === 200) return undefined;
    const failure = describeFailure(response);
    return failure.unauthorized
      ? `The store did not accept this API key. ${failure.message}`
      : failure.message;
  } catch (error) {
    return describeFailure(error).message;
  }
}
