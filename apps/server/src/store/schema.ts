import type { Generated } from 'kysely';

/** Tables as stored; columns are snake_case and mapped to the contract's camelCase in the repositories. */
export interface PetsTable {
  id: Generated<number>;
  name: string;
  category_id: number;
  /** NULL when the client gave no status: the store invents no default (docs/decisions/003). */
  status: 'available' | 'pending' | 'sold' | null;
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
}

export interface DatabaseSchema {
  pets: PetsTable;
  api_keys: ApiKeysTable;
}
