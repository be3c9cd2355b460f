import type { AuditAction } from '@animal-store/contract';
import type { AppRoute } from '@ts-rest/core';
import type { AppRouteImplementation } from '@ts-rest/express';
import type { servedContract } from './served-contract.js';

/**
 * One operation of the contract: its handler, and the steps it adds to the pipeline (app.ts says where each
 * runs). Declared beside the handler, so that what an operation needs is read where it is written; the scope it
 * needs is the contract's (each route's `metadata.scope`), as clients must know it too.
 */
export interface Operation<Route extends AppRoute> {
  /**
   * Deprecated in favour of this path: every answer, refusals included, carries `Deprecation`, `Sunset` and a
   * successor link, and calls are logged once an hour per key.
   */
  deprecatedFor?: string;
  /** A key operation: a refusal for want of its scope is recorded in the audit log as this action. */
  auditedAs?: AuditAction;
  /** Reads a JSON body: it must be sent as UTF-8 JSON and is parsed before validation. */
  readsJsonBody?: true;
  handler: AppRouteImplementation<Route>;
}

type Contract = typeof servedContract;

/** The operations of one router of the served contract, by name. */
type OperationsOf<Names extends keyof Contract> = { [Name in Names]: Operation<Contract[Name]> };

/** The operations on the catalogue of animals. */
export type PetOperations = OperationsOf<'listPets' | 'createPet' | 'getPet'>;

/** The operations on the store's API keys. */
export type ApiKeyOperations = OperationsOf<
  'listApiKeys' | 'getCurrentApiKey' | 'createApiKey' | 'revokeApiKey' | 'updateApiKey' | 'rotateApiKey'
>;

/** A stored key's usage by the hour. */
export type ApiKeyUsageOperations = OperationsOf<'getApiKeyUsage'>;

/** The audit log of the key operations. */
export type AuditOperations = OperationsOf<'listAuditEvents'>;

/** Every operation of the served contract. */
export type Operations = OperationsOf<keyof Contract>;
