import type { ApiKeyScope } from '@animal-store/contract';

/** A stored key as the store shows it: never the key, never its digest. Instants are ISO 8601 in UTC. */
export interface StoredApiKey {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  deprecatedCallAt: string | null;
  revokedAt: string | null;
  /** When the key was rotated (it then ends at `expiresAt`); null while it has not been. */
  rotatedAt: string | null;
  /** The key this one replaced by a rotation; null for a key made anew. */
  replacesId: number | null;
  /** The key's own requests a minute; null for the server's RATE_LIMIT_PER_MINUTE. */
  rateLimitPerMinute: number | null;
  /** The CIDR ranges the key may be used from; null for any network. */
  allowedNetworks: string[] | null;
}
