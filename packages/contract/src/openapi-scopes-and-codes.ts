import type { OpenAPIV3 } from 'openapi-types';
import { ERROR_CODES } from './errors.js';
import { openApiSchema } from './openapi-schema.js';
import { ErrorSchema } from './schemas.js';
import { requiredScope } from './scopes.js';

/**
 * What clients depend on that OpenAPI 3.0 has no standard place for, stated where `pnpm contract:check` compares it
 * (scripts/scopes-and-codes.mjs), since oasdiff reads neither (decision 051):
 *
 * - each operation's scopes, as `x-required-scopes`: 3.0 lets a security requirement list scopes only for OAuth 2
 *   and OpenID Connect, and the store's keys are neither, so `security` stays `bearerAuth: []`;
 * - the set of error codes, on the one Error schema's `code` as `x-extensible-enum`: a closed `enum` would tell
 *   generated clients that no other code can come, and the store adds codes within v1.
 */

/** Every scope a key needs to call `route`, all of them; empty when any active key may call it. */
export function requiredScopes(route: { metadata?: unknown }): string[] {
  const scope = requiredScope(route);
  return scope ? [scope] : [];
}

/** The Error body as documents refer to it: once, under components, so that its codes are stated once. */
export const ERROR_SCHEMA_NAME = 'Error';

export const ERROR_SCHEMA_REF: OpenAPIV3.ReferenceObject = {
  $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}`,
};

/** The Error schema, its `code` listing every code of ERROR_CODES, in their order. */
export function errorSchema(): OpenAPIV3.SchemaObject {
  const schema = openApiSchema(ErrorSchema);
  const code: OpenAPIV3.NonArraySchemaObject & { 'x-extensible-enum': string[] } = {
    ...(schema.properties?.code as OpenAPIV3.NonArraySchemaObject),
    'x-extensible-enum': Object.keys(ERROR_CODES),
  };
  return { ...schema, properties: { ...schema.properties, code } };
}
