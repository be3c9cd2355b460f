export type {
  ApiKey,
  ApiKeyScope,
  CreatedApiKey,
  ErrorCode,
  NewApiKey,
  NewPet,
  Pet,
  PetStatus,
} from '@animal-store/contract';
export { AnimalStoreError, type AnimalStoreErrorCode } from './animal-store-error.js';
export type { ApiKeysApi, RotateApiKeyOptions } from './api-keys.js';
export { type AnimalStoreClient, createAnimalStoreClient } from './create-client.js';
export type { AnimalStoreClientOptions, CallOptions, RetryEvent, RetryOptions } from './options.js';
export type { PetListing, PetPage } from './paging.js';
export type { CreatePetOptions, ListPetsOptions, PetPageOptions, PetReceipt, PetsApi } from './pets.js';
