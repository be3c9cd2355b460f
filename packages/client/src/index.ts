// Every declaration reachable from here imports the contract's `/schemas` entry, never ts-rest's: ts-rest's own
// declarations name Zod 3's types, and would fail to typecheck in a project on Zod 4. The fetcher, which names
// them, has its own subpath (ts-rest.ts).
export type {
  ApiKey,
  ApiKeyScope,
  AuditAction,
  AuditEvent,
  AuditOutcome,
  CreatedApiKey,
  ErrorCode,
  NewApiKey,
  NewPet,
  Pet,
  PetStatus,
  UpdateApiKey,
} from '@animal-store/contract/schemas';
// How an audit event's hash is computed, for an auditor's own check of the chain.
export { auditCanonicalForm } from '@animal-store/contract/schemas';
export { AnimalStoreError, type AnimalStoreErrorCode } from './animal-store-error.js';
export type { ApiKeysApi, RotateApiKeyOptions } from './api-keys-api.js';
export type {
  AuditEventPage,
  AuditEventPageOptions,
  AuditEventsApi,
  ListAuditEventsOptions,
} from './audit-events-api.js';
export { type AnimalStoreClient, createAnimalStoreClient } from './create-client.js';
export { newIdempotencyKey } from './idempotency-key.js';
export type { AnimalStoreClientOptions, CallOptions, RetryEvent, RetryOptions } from './options.js';
export type { Listing, PetListing, PetPage } from './paging.js';
export type { CreatePetOptions, ListPetsOptions, PetPageOptions, PetReceipt, PetsApi } from './pets-api.js';
