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

/**
 * The three queries of the store, written by hand against the driver. Both baselines share them, so the only
 * difference between the baselines is the HTTP layer.
 */
export interface PetQueries {
  /** Keyset page: `where id > ? [and status = ?] order by id limit ?`, exactly as the store asks. */
  list(limit: number, status: string | undefined, afterId: number): Promise<PetJson[]>;
  get(id: number): Promise<PetJson | undefined>;
  /** Resolves once the row is committed durably, as the store's create does. */
  create(pet: NewPetJson): Promise<PetJson>;
  close(): Promise<void>;
}

export function toPetJson(row: PetRow): PetJson {
  const pet: PetJson = { id: row.id, name: row.name, categoryId: row.category_id };
  if (row.status !== null) pet.status = row.status;
  return pet;
}
