import type { AppRoute } from '@ts-rest/core';
import type { OpenAPIV3 } from 'openapi-types';
import type { OperationId } from './openapi-examples.js';
import type { StoreContract } from './store-contract.js';

/** `/pets/:petId` as OpenAPI writes it, as a type: `/pets/{petId}`. */
type OpenApiPath<Path extends string> = Path extends `${infer Head}:${infer Name}/${infer Tail}`
  ? `${Head}{${Name}}/${OpenApiPath<Tail>}`
  : Path extends `${infer Head}:${infer Name}`
    ? `${Head}{${Name}}`
    : Path;

type RouteOf<Id extends OperationId> = Extract<StoreContract[Id], AppRoute>;

type PathOf<Id extends OperationId> = OpenApiPath<RouteOf<Id>['path']>;

/**
 * One operation of the store, named, with the scopes a key needs and a response object for each status its route
 * declares.
 */
export type StoreOperation<Id extends OperationId> = Omit<
  OpenAPIV3.OperationObject,
  'operationId' | 'responses'
> & {
  operationId: Id;
  'x-required-scopes': string[];
  responses: { [Status in keyof RouteOf<Id>['responses']]: OpenAPIV3.ResponseObject };
};

/** Each path of the store with each of its operations, under its lower-case method as OpenAPI keys it. */
type StorePaths = {
  [Path in PathOf<OperationId>]: {
    [Id in OperationId as PathOf<Id> extends Path
      ? Lowercase<RouteOf<Id>['method']>
      : never]: StoreOperation<Id>;
  };
};

/**
 * The store's OpenAPI 3.0 document: an OpenAPIV3.Document whose paths and operations are known, so that readers (the
 * tests, the server's documentation route) reach an operation without checking that it exists.
 */
export type StoreDocument = Omit<OpenAPIV3.Document, 'paths'> & { paths: StorePaths & OpenAPIV3.PathsObject };
