import { type ApiKeysApi, apiKeysApi } from './api-keys.js';
import { type AnimalStoreClientOptions, retrySettings } from './options.js';
import { type PetsApi, petsApi } from './pets.js';
import { storeCalls } from './transport.js';

export interface AnimalStoreClient {
  pets: PetsApi;
  apiKeys: ApiKeysApi;
}

/** A client of the store at `options.baseUrl`; every method resolves to the answer's body or rejects with an AnimalStoreError. */
export function createAnimalStoreClient(options: AnimalStoreClientOptions): AnimalStoreClient {
  const calls = storeCalls(options);
  const settings = retrySettings(options);
  return { pets: petsApi(calls, settings), apiKeys: apiKeysApi(calls, settings) };
}
