import { storeContract } from '@animal-store/contract';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';

/**
 * The typed hooks for one store (base address) and one API key. Everything the admin sends or reads goes through
 * here, so requests, responses and errors are typed by the contract and never written by hand.
 */
export function createApiClient(baseUrl: string, apiKey: string) {
  return initTsrReactQuery(storeContract, {
    baseUrl,
    baseHeaders: { authorization: `Bearer ${apiKey}` },
    // A store on another version of the contract should fail loudly rather than render half-understood data.
    validateResponse: true,
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
