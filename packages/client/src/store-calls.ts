import { storeContract } from '@animal-store/contract';
import { initClient } from '@ts-rest/core';
import { withBaseUrlHint } from './base-url-hint.js';
import type { AnimalStoreClientOptions } from './options.js';
import { animalStoreFetcher } from './ts-rest-fetcher.js';

/** The contract's operations as ts-rest calls them, on the client's one fetcher. */
export function storeCalls(options: AnimalStoreClientOptions) {
  const fetcher = animalStoreFetcher(options);
  return initClient(storeContract, {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    baseHeaders: { authorization: `Bearer ${options.apiKey}` },
    // Only the client knows the base URL the paths were joined to, so only it can say what a missing route means.
    api: async (request) => {
      try {
        return await fetcher(request);
      } catch (failure) {
        throw withBaseUrlHint(failure, options.baseUrl);
      }
    },
  });
}

export type StoreCalls = ReturnType<typeof storeCalls>;
