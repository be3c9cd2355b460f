/** An animal as the store's API returns it: `status` is left out when it was never set. */
export interface PetJson {
  id: number;
  name: string;
  categoryId: number;
  status?: string;
}

export interface NewPetJson {
  name: string;
  categoryId: number;
  status?: string;
}

export interface PetRow {
  id: number;
  name: string;
  category_id: number;
  status: string | null;
}

/** What authentication reads of a stored API key: whether it is still active. */
export interface ApiKeyRow {
  id: number;
  revoked_at: string | null;
  /** ISO 8601 in UTC, as the store writes it; null for a key that does not expire. */
  expires_at: string | null;
}

/**
 * The store's queries, written by hand against the driver: the three of the catalogue, which every baseline shares
 * so that the only difference between the bare ones is the HTTP layer, and the API-key lookup of the peers' (d) and
 * (e) authentication.
 */
export interface StoreQueries {
  /** Keyset page: `where id > ? [and status = ?] order by id limit ?`. */
  list(limit: number, status: string | undefined, afterId: number): Promise<PetJson[]>;
  get(id: number): Promise<PetJson | undefined>;
  /** Resolves once the row is committed durably, as the store's create does. */
  create(pet: NewPetJson): Promise<PetJson>;
  /** The stored key with this SHA-256 digest (hex), as the store looks it up: by equality on `key_hash`. */
  findApiKey(digest: string): Promise<ApiKeyRow | undefined>;
  close(): Promise<void>;
}

export function toPetJson(row: PetRow): PetJson {
  const pet: PetJson = { id: row.id, name: row.name, categoryId: row.category_id };
  if (row.status !== null) pet.status = row.status;
  return pet;
}

/** The columns of a key that authentication reads. */
export const API_KEY_COLUMNS = 'id, revoked_at, expires_at';
