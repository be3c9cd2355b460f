import type { ListPetsQuery, NewPet, Pet } from '@animal-store/contract';
import { type Compilable, type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../database/database.js';
import { prepareQuery } from '../database/prepared-query.js';
import { onceMoreIfConnectionLost } from '../database/retry-lost-connection.js';
import type { DatabaseSchema, PetsTable } from '../database/schema.js';

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

type PetRow = Selectable<PetsTable>;

function toPet(row: PetRow): Pet {
  const pet: Pet = { id: row.id, name: row.name, categoryId: row.category_id };
  if (row.status !== null) pet.status = row.status;
  return pet;
}

/**
 * The catalogue's queries, built and compiled once per database. Keyset pagination in id order: a traversal never
 * repeats or skips an animal that existed when its first page was read, however many are added meanwhile. Those
 * added meanwhile may be missed: on PostgreSQL concurrent creates can commit out of id order, so a page can pass
 * an id before a lower one commits. One row more than asked tells whether a next page exists, without a count query.
 */
function petQueries(db: Kysely<DatabaseSchema>, dialect: Dialect) {
  const prepare = <Params extends Record<string, unknown>>(
    names: readonly (keyof Params & string)[],
    build: (placeholders: Params) => Compilable<PetRow>,
  ) => prepareQuery<DatabaseSchema, Params, PetRow>(names, build);
  type Page = { afterId: number; limit: number };
  return {
    list: prepare<Page>(['afterId', 'limit'], (p) =>
      db.selectFrom('pets').selectAll().where('id', '>', p.afterId).orderBy('id').limit(p.limit),
    ),
    listByStatus: prepare<Page & { status: NonNullable<Pet['status']> }>(
      ['status', 'afterId', 'limit'],
      (p) => {
        const withStatus = db.selectFrom('pets').selectAll().where('status', '=', p.status);
        // SQLite serves the plain form from the (status, id) index by itself. PostgreSQL soon runs a prepared
        // statement with a generic plan, which for `status = $1 and id > $2` filters the primary key: slow for a rare
        // status. A row comparison only the (status, id) index can serve keeps it on that index.
        return dialect === 'sqlite'
          ? withStatus.where('id', '>', p.afterId).orderBy('id').limit(p.limit)
          : withStatus
              .where(({ eb, refTuple, tuple }) =>
                eb(refTuple('status', 'id'), '>', tuple(p.status, p.afterId)),
              )
              .orderBy('status')
              .orderBy('id')
              .limit(p.limit);
      },
    ),
    findById: prepare<{ id: number }>(['id'], (p) =>
      db.selectFrom('pets').selectAll().where('id', '=', p.id),
    ),
    create: prepare<{ name: string; categoryId: number; status: Pet['status'] | null }>(
      ['name', 'categoryId', 'status'],
      (p) =>
        db
          .insertInto('pets')
          .values({ name: p.name, category_id: p.categoryId, status: p.status })
          .returningAll(),
    ),
    /**
     * PostgreSQL: many animals in one statement, one array a column, so that its text is the same whatever their
     * number (one prepared statement). The rows are inserted in the arrays' order.
     */
    createMany: prepare<{ names: string[]; categoryIds: number[]; statuses: Array<Pet['status'] | null> }>(
      ['names', 'categoryIds', 'statuses'],
      (p) =>
        db
          .insertInto('pets')
          .columns(['name', 'category_id', 'status'])
          .expression(
            sql`select * from unnest(${p.names}::text[], ${p.categoryIds}::bigint[], ${p.statuses}::text[])`,
          )
          .returningAll(),
    ),
  };
}

/** Animals in the catalogue: one implementation for SQLite and PostgreSQL. */
export class PetRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: Dialect,
    private readonly queries = petQueries(db, dialect),
  ) {}

  /** The same repository inside a transaction: the compiled queries are reused, run on its connection. */
  within(transaction: Kysely<DatabaseSchema>): PetRepository {
    return new PetRepository(transaction, this.dialect, this.queries);
  }

  async list({ limit, status, afterId = 0 }: ListPetsOptions): Promise<PetPage> {
    const { rows } = await onceMoreIfConnectionLost(() =>
      status === undefined
        ? this.queries.list(this.db, { afterId, limit: limit + 1 })
        : this.queries.listByStatus(this.db, { status, afterId, limit: limit + 1 }),
    );
    return { pets: rows.slice(0, limit).map(toPet), hasMore: rows.length > limit };
  }

  /** Resolves once the row is committed, so an acknowledged animal survives a crash. */
  async create(newPet: NewPet): Promise<Pet> {
    const { rows } = await this.queries.create(this.db, {
      name: newPet.name,
      categoryId: newPet.categoryId,
      status: newPet.status ?? null,
    });
    const [row] = rows;
    if (!row) throw new Error('insert returned no row');
    return toPet(row);
  }

  /**
   * PostgreSQL only: the animals in one statement, each answered in the place of its own. Their ids are drawn in
   * the order the rows are inserted, the arrays' order; RETURNING's order is not promised, so rows are put back in
   * id order, and checked against what was asked.
   */
  async createMany(newPets: readonly NewPet[]): Promise<Pet[]> {
    const { rows } = await this.queries.createMany(this.db, {
      names: newPets.map((newPet) => newPet.name),
      categoryIds: newPets.map((newPet) => newPet.categoryId),
      statuses: newPets.map((newPet) => newPet.status ?? null),
    });
    const pets = rows.sort((a, b) => a.id - b.id).map(toPet);
    for (const [index, newPet] of newPets.entries()) {
      const pet = pets[index];
      if (pet?.name !== newPet.name || pet.categoryId !== newPet.categoryId || pet.status !== newPet.status)
        throw new Error(
          `a grouped insert returned rows out of the order asked (${index} of ${newPets.length})`,
        );
    }
    return pets;
  }

  async findById(id: number): Promise<Pet | undefined> {
    const [row] = (await onceMoreIfConnectionLost(() => this.queries.findById(this.db, { id }))).rows;
    return row && toPet(row);
  }
}
