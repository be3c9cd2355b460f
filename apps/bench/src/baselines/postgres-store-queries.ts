import pg from 'pg';
import {
  API_KEY_COLUMNS,
  type ApiKeyRow,
  type PetRow,
  type StoreQueries,
  toPetJson,
} from './store-queries.js';

const COLUMNS = 'id, name, category_id, status';
const PG_INT8_OID = 20;

/**
 * node-postgres with the pool size the harness gives the store too, the store's int8 parsing, and the same unnamed
 * parameterised queries the store's query builder sends.
 */
export function postgresStoreQueries(url: string, poolSize: number): StoreQueries {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  return {
    async list(limit, status, afterId) {
      const { rows } =
        status === undefined
          ? await pool.query<PetRow>(`select ${COLUMNS} from pets where id > $1 order by id limit $2`, [
              afterId,
              limit,
            ])
          : await pool.query<PetRow>(
              `select ${COLUMNS} from pets where id > $1 and status = $2 order by id limit $3`,
              [afterId, status, limit],
            );
      return rows.map(toPetJson);
    },
    async get(id) {
      const { rows } = await pool.query<PetRow>(`select ${COLUMNS} from pets where id = $1`, [id]);
      return rows[0] && toPetJson(rows[0]);
    },
    async create(pet) {
      const { rows } = await pool.query<PetRow>(
        `insert into pets (name, category_id, status) values ($1, $2, $3) returning ${COLUMNS}`,
        [pet.name, pet.categoryId, pet.status ?? null],
      );
      return toPetJson(rows[0] as PetRow);
    },
    async findApiKey(digest) {
      const { rows } = await pool.query<ApiKeyRow>(
        `select ${API_KEY_COLUMNS} from api_keys where key_hash = $1`,
        [digest],
      );
      return rows[0];
    },
    close: () => pool.end(),
  };
}
