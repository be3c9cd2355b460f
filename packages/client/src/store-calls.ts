import { storeContract } from '@animal-store/contract';
import { initClient } from '@ts-rest/core';
import type { AnimalStoreClientOptions } from './options.js';
import { animalStoreFetcher } from './ts-rest-fetcher.js';

/** The contract's operations as ts-rest calls them, on the client's one fetcher. */
export function storeCalls(options: AnimalStoreClientOptions) {
  return initClient(storeContract, {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    baseHeaders: { authorization: `Bearer ${options.apiKey}` },
    api: animalStoreFetcher(options),
  });
}

export type StoreCalls = ReturnType<typeof storeCalls>;
