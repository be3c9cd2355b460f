import type { ListPetsQuery, NewPet, Pet } from '@animal-store/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from './database.js';
import type { DatabaseSchema, PetsTable } from './schema.js';

export interface PetPage {
  pets: Pet[];
  /** True when at least one more matching animal follows the last one returned. */
  hasMore: boolean;
}

export interface ListPetsOptions {
  limit: number;
  status?: ListPetsQuery['status'];
  /** Keyset position: only animals with a larger id are returned. */
  afterId?: number;
}

function toPet(row: Selectable<PetsTable>): Pet {
  const pet: Pet = { id: row.id, name: row.name, categoryId: row.category_id };
  if (row.status !== null) pet.status = row.status;
  return pet;
}

/** Animals in the catalogue: one implementation for SQLite and PostgreSQL. */
export class PetRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Keyset pagination in id order: a page never repeats or skips an animal that existed when the first page was
   * read, however many are added meanwhile (new ids are always larger).
   */
  async list({ limit, status, afterId = 0 }: ListPetsOptions): Promise<PetPage> {
    let query = this.db.selectFrom('pets').selectAll();
    if (status === undefined) {
      query = query.where('id', '>', afterId).orderBy('id');
    } else if (this.dialect === 'sqlite') {
      query = query.where('status', '=', status).where('id', '>', afterId).orderBy('id');
    } else {
      // PostgreSQL soon runs a prepared statement with a generic plan, which for `status = $1 and id > $2` filters
      // the primary key: slow for a rare status. A row comparison only the (status, id) index can serve keeps it on
      // that index (plans in docs/performance.md). SQLite picks that index for the plain form by itself.
      query = query
        .where('status', '=', status)
        .where(({ eb, refTuple, tuple }) => eb(refTuple('status', 'id'), '>', tuple(status, afterId)))
        .orderBy('status')
        .orderBy('id');
    }
    // One row more than asked tells whether a next page exists, without a count query.
    const rows = await query.limit(limit + 1).execute();
    return { pets: rows.slice(0, limit).map(toPet), hasMore: rows.length > limit };
  }

  /** Resolves once the row is committed, so an acknowledged animal survives a crash. */
  async create(newPet: NewPet): Promise<Pet> {
    const row = await this.db
      .insertInto('pets')
      .values({ name: newPet.name, category_id: newPet.categoryId, status: newPet.status ?? null })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPet(row);
  }

  async findById(id: number): Promise<Pet | undefined> {
    const row = await this.db.selectFrom('pets').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toPet(row);
  }
}
