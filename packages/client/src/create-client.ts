import { apiKeysApi } from './api-keys.js';
import type { ApiKeysApi } from './api-keys-api.js';
import { auditEventsApi } from './audit-events.js';
import type { AuditEventsApi } from './audit-events-api.js';
import type { AnimalStoreClientOptions } from './options.js';
import { petsApi } from './pets.js';
import type { PetsApi } from './pets-api.js';
import { storeCalls } from './store-calls.js';

export interface AnimalStoreClient {
  pets: PetsApi;
  apiKeys: ApiKeysApi;
  auditEvents: AuditEventsApi;
}

/** A client of the store at `options.baseUrl`; every method resolves to the answer's body or rejects with an AnimalStoreError. */
export function createAnimalStoreClient(options: AnimalStoreClientOptions): AnimalStoreClient {
  const calls = storeCalls(options);
  return { pets: petsApi(calls), apiKeys: apiKeysApi(calls), auditEvents: auditEventsApi(calls) };
}
