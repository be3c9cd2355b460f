/**
 * What an API key may do. Each operation of the API needs one scope (its route's `metadata.scope`); a key without
 * it is answered 403 `insufficient_scope`.
 */
export const API_KEY_SCOPES = ['pets:read', 'pets:write', 'keys:manage'] as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope allows, in the words the admin app, the CLI and the docs show. */
export const SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  'pets:read': 'list animals and get one',
  'pets:write': 'add animals',
  'keys:manage': 'list, create, revoke and rotate API keys',
};

/** A route's own facts beyond ts-rest's: the scope a key needs to call it; none, for any active key. */
export interface OperationMetadata {
  scope?: ApiKeyScope;
}

/** The scope `route` needs, from its metadata; undefined when any active key may call it. */
export function requiredScope(route: { metadata?: unknown }): ApiKeyScope | undefined {
  return (route.metadata as OperationMetadata | undefined)?.scope;
}
