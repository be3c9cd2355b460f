import type { AppRoute } from '@ts-rest/core';
import type { AppRouteImplementation } from '@ts-rest/express';
import type { servedContract } from './served-contract.js';

/**
 * One operation of the contract: its handler, and the steps it adds to the pipeline (app.ts says where each
 * runs). Declared beside the handler, so that what an operation needs is read where it is written.
 */
export interface Operation<Route extends AppRoute> {
  /**
   * Deprecated in favour of this path: every answer, refusals included, carries `Deprecation`, `Sunset` and a
   * successor link, and calls are logged once an hour per key.
   */
  deprecatedFor?: string;
  /** Reads a JSON body: it must be sent as UTF-8 JSON and is parsed before validation. */
  readsJsonBody?: true;
  handler: AppRouteImplementation<Route>;
}

type Contract = typeof servedContract;

/** Every operation of the served contract. */
export type Operations = { [Name in keyof Contract]: Operation<Contract[Name]> };
