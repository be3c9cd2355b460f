import type { OpenAPIV3 } from 'openapi-types';
import { apiKeysContract } from './api-keys-contract.js';
import { CONTRACT_VERSION } from './contract-version.js';
import { LIST_LIMIT, MAX_SAFE_ID, PET_STATUSES } from './limits.js';
import { ANIMALS_TAG, API_KEYS_TAG, documentDescription, ERRORS_TAG } from './openapi-description.js';
import type { OperationId } from './openapi-examples.js';
import { responseHeaders } from './openapi-headers.js';
import { type OperationObject, withExamples } from './openapi-operation-examples.js';
import { openApiPath, operationOf } from './openapi-operations.js';
import {
  ERROR_SCHEMA_NAME,
  ERROR_SCHEMA_REF,
  errorSchema,
  requiredScopes,
} from './openapi-scopes-and-codes.js';
import type { StoreDocument } from './openapi-store-document.js';
import { API_BASE_PATH, inKiB, MAX_BODY_BYTES } from './rules.js';
import { ErrorSchema } from './schemas.js';
import { requiredScope } from './scopes.js';
import { storeContract } from './store-contract.js';

const bearerAuth = 'bearerAuth';

/** Response descriptions in the words of the interface document (ts-rest would only repeat the status code). */
const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  '200': 'Success.',
  '201': 'Animal added.',
  '304': 'Not modified: the answer whose ETag was sent in If-None-Match still holds; no body.',
  '400': 'A parameter or the body is missing or invalid.',
  '401': 'API key missing, invalid, expired or revoked.',
  '403': 'The API key lacks the scope this operation needs, or is used from outside its allowed networks.',
  '404': 'No animal with that identifier.',
  '409': 'A request with this Idempotency-Key is still in progress.',
  '422': 'Idempotency-Key already used with a different body.',
  '429': 'Too many requests; see Retry-After.',
  '413': `Request body larger than ${inKiB(MAX_BODY_BYTES)}.`,
  '415': 'Request body is not application/json.',
  '500': 'Unexpected failure.',
  '503': 'Database unreachable; retry later.',
};

/**
 * Parameters arrive as text and are read with a regex and a pipe (schemas.ts), which OpenAPI generators cannot
 * describe: each is stated here as the value it stands for.
 */
const PARAMETER_SCHEMAS: Record<string, OpenAPIV3.SchemaObject> = {
  'path petId': { type: 'integer', format: 'int64', minimum: 1, maximum: MAX_SAFE_ID },
  'query limit': {
    default: LIST_LIMIT.default,
    type: 'integer',
    minimum: LIST_LIMIT.min,
    maximum: LIST_LIMIT.max,
  },
  'query status': { type: 'string', enum: [...PET_STATUSES] },
  'path keyId': { type: 'integer', format: 'int64', minimum: 1, maximum: MAX_SAFE_ID },
};

/** Where the key-management operations answer otherwise than the animals' (RESPONSE_DESCRIPTIONS). */
const API_KEY_RESPONSE_DESCRIPTIONS: Record<string, string> = {
  '201': 'Key made; `key` holds its secret, shown only this once.',
  '404': 'No stored API key with that id.',
  '409': 'The key cannot be changed so: see the code and message.',
};

/** The 403 of an operation any active key may call: only a key's network list refuses it. */
const NO_SCOPE_403 =
  'The API key is used from outside its allowed networks; any active key may call it, whatever its scopes.';

const isApiKeyOperation = (operationId: string) => operationId in apiKeysContract;

/** The sentence that tells a reader which scope an operation needs. */
function scopeSentence(operationId: OperationId): string {
  const scope = requiredScope(storeContract[operationId]);
  return scope ? `Needs an API key with the \`${scope}\` scope.` : 'Any active API key may call it.';
}

/** What a response means for this operation, in the interface document's words. */
function responseDescription(operationId: OperationId, status: string): string {
  if (status === '403' && !requiredScope(storeContract[operationId])) return NO_SCOPE_403;
  return (
    (isApiKeyOperation(operationId) ? API_KEY_RESPONSE_DESCRIPTIONS[status] : undefined) ??
    RESPONSE_DESCRIPTIONS[status] ??
    status
  );
}

/**
 * One route as the document states it: its scope in words and as `x-required-scopes`, its tag, what each response
 * means and carries (an error, the one Error schema), its parameters as the values they stand for, and examples. The
 * Authorization header is the bearer security scheme rather than a header parameter, which is how OpenAPI tools
 * expect credentials to be described.
 */
function documentedOperation(operationId: OperationId): OperationObject {
  const route = storeContract[operationId];
  const operation = operationOf(operationId, route);
  const bodies: Record<string, unknown> = route.responses;
  for (const [status, response] of Object.entries(operation.responses)) {
    if ('$ref' in response) continue;
    response.description = responseDescription(operationId, status);
    response.headers = responseHeaders(operationId, status);
    const json = response.content?.['application/json'];
    if (json && bodies[status] === ErrorSchema) json.schema = ERROR_SCHEMA_REF;
  }
  const parameters = operation.parameters
    ?.filter(
      (parameter) => !('in' in parameter && parameter.in === 'header' && parameter.name === 'authorization'),
    )
    .map((parameter) => {
      const schema = 'in' in parameter ? PARAMETER_SCHEMAS[`${parameter.in} ${parameter.name}`] : undefined;
      return schema ? { ...parameter, schema } : parameter;
    });
  const mapped = {
    ...operation,
    description: `${operation.description ?? ''}\n\n${scopeSentence(operationId)}`,
    tags: [isApiKeyOperation(operationId) ? API_KEYS_TAG.name : ANIMALS_TAG.name],
    parameters,
    'x-required-scopes': requiredScopes(route),
  };
  return withExamples(mapped, operationId, route);
}

/**
 * Every operation of the store, under its path and method, in the contract's order. Built from every route of
 * storeContract, so it holds each operation that StoreDocument names: a type the loop itself cannot state.
 */
function storePaths(): StoreDocument['paths'] {
  const paths: Record<string, Record<string, OperationObject>> = {};
  for (const operationId of Object.keys(storeContract) as OperationId[]) {
    const route = storeContract[operationId];
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: documentedOperation(operationId) };
  }
  return paths as unknown as StoreDocument['paths'];
}

/** The contract as an OpenAPI 3.0.3 document. */
export const openApiDocument: StoreDocument = {
  openapi: '3.0.3',
  paths: storePaths(),
  info: {
    title: 'Animal Store API',
    version: CONTRACT_VERSION,
    description: documentDescription(),
  },
  // Errors last: a section of its own, after the operations.
  tags: [ANIMALS_TAG, API_KEYS_TAG, ERRORS_TAG],
  servers: [
    {
      url: `https://{host}${API_BASE_PATH}`,
      description: 'Production',
      variables: { host: { default: 'api.animal-store.example' } },
    },
    {
      url: `https://{host}${API_BASE_PATH}`,
      description: 'Staging',
      variables: { host: { default: 'staging.api.animal-store.example' } },
    },
  ],
  components: {
    schemas: { [ERROR_SCHEMA_NAME]: errorSchema() },
    securitySchemes: {
      [bearerAuth]: { type: 'http', scheme: 'bearer', description: 'An API key sent as a bearer token.' },
    },
  },
  security: [{ [bearerAuth]: [] }],
};
