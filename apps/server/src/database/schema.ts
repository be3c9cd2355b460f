import type { PetStatus } from '@animal-store/contract';
import type { Generated } from 'kysely';

/** Tables as stored; columns are snake_case and mapped to the contract's camelCase in the repositories. */
export interface PetsTable {
  id: Generated<number>;
  name: string;
  category_id: number;
  /** NULL when the client gave no status: the store invents no default (docs/decisions/003). */
  status: PetStatus | null;
}

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  /** SHA-256 of the key, hex. The key itself is never stored. */
  key_hash: string;
  /** First characters of the key, so an operator can tell keys apart in `keys list`. */
  key_prefix: string;
  created_at: string;
  revoked_at: string | null;
  /** The key's scopes, space-separated (`pets:read pets:write`), as an OAuth scope string is written. */
  scopes: string;
  /** When the key stops working; NULL for a key that does not expire. */
  expires_at: string | null;
  /** Written at most once a minute per key and instance (keys/key-usage.ts). */
  last_used_at: string | null;
  /** When the key last called a deprecated operation; written as rarely as `last_used_at`. */
  deprecated_call_at: string | null;
  /** When the key was rotated; NULL until then. A key is rotated at most once. */
  rotated_at: string | null;
  /** The key this one replaced by a rotation; null for a key made anew. */
  replaces_id: number | null;
  /** The key's own limit of requests a minute; NULL for the server's RATE_LIMIT_PER_MINUTE. */
  rate_limit_per_minute: number | null;
  /** The CIDR ranges the key may be used from, space-separated ('' for none); NULL for any network. */
  allowed_networks: string | null;
}

/** One row per (API key, Idempotency-Key): the claim on a create and, once done, its response. */
export interface IdempotencyKeysTable {
  /** Which API key sent it: keys of different clients never collide. */
  scope: string;
  key: string;
  /** SHA-256 of the canonical request body: the same key with another body is a client error. */
  request_hash: string;
  /** NULL while the first request is in progress. */
  response_status: number | null;
  response_body: string | null;
  created_at_ms: number;
}

/** Things that happen once in a store's life, e.g. `first_key_issued`: never again, whoever revokes what. */
export interface StoreMilestonesTable {
  name: string;
  reached_at: string;
}

/** One row (id 1): the schema version of the database and the release that brought it there (decision 058). */
export interface StoreVersionTable {
  id: number;
  schema_version: number;
  release: string;
  recorded_at: string;
}

/**
 * One key operation, done or refused (docs/keys.md, "Audit log"). Ids are the chain's order: each is the head's
 * next, taken under the head's row lock, never a sequence's (which could commit out of order).
 */
export interface AuditEventsTable {
  id: number;
  /** When, in the stored instant form, to the millisecond. */
  at: string;
  action: string;
  /** `done` or `refused`. */
  outcome: string;
  /** The error code of a refusal; NULL when done. */
  code: string | null;
  actor_type: string;
  /** The acting key's id as text (`12`, `env-1`); NULL for an operator. */
  actor_key_id: string | null;
  actor_name: string;
  /** The stored key acted on. */
  key_id: number | null;
  /** The key a rotation made. */
  successor_id: number | null;
  request_id: string | null;
  client_address: string | null;
  user_agent: string | null;
  previous_hash: string;
  hash: string;
}

/**
 * The audit chain's one row (id 1), made by the first event: the newest event's id and hash, which the next event
 * chains to, and `start_hash`, the previous hash of the oldest event kept (zeros until retention prunes).
 */
export interface AuditChainTable {
  id: number;
  last_event_id: number;
  last_hash: string;
  start_hash: string;
}

/**
 * A key's requests in one hour, by kind of answer (docs/keys.md, "Usage"): added to by every worker's write, at
 * most once a minute each. Pruned after KEY_USAGE_RETENTION_DAYS.
 */
export interface ApiKeyUsageTable {
  key_id: number;
  /** The start of the hour, in the stored instant form (`2027-01-31T13:00:00.000Z`). */
  hour: string;
  /** 2xx and 3xx. */
  answered: number;
  /** 4xx other than 429. */
  refused: number;
  /** 429. */
  limited: number;
  /** 5xx. */
  failed: number;
}

export interface DatabaseSchema {
  pets: PetsTable;
  api_keys: ApiKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  store_milestones: StoreMilestonesTable;
  store_version: StoreVersionTable;
  audit_events: AuditEventsTable;
  audit_chain: AuditChainTable;
  api_key_usage: ApiKeyUsageTable;
}
