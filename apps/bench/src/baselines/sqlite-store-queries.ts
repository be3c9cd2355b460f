import SqliteDatabase from 'better-sqlite3';
import {
  API_KEY_COLUMNS,
  type ApiKeyRow,
  type PetRow,
  type StoreQueries,
  toPetJson,
} from './store-queries.js';

const COLUMNS = 'id, name, category_id, status';

/** better-sqlite3 with the store's settings: WAL, and synchronous=FULL so each commit is durable before the reply. */
export function sqliteStoreQueries(path: string): StoreQueries {
  const db = new SqliteDatabase(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // Prepared once: what a hand-written handler would do, and the ceiling the store is measured against.
  const listAll = db.prepare<[number, number], PetRow>(
    `select ${COLUMNS} from pets where id > ? order by id limit ?`,
  );
  const listByStatus = db.prepare<[number, string, number], PetRow>(
    `select ${COLUMNS} from pets where id > ? and status = ? order by id limit ?`,
  );
  const byId = db.prepare<[number], PetRow>(`select ${COLUMNS} from pets where id = ?`);
  const insert = db.prepare<[string, number, string | null], PetRow>(
    `insert into pets (name, category_id, status) values (?, ?, ?) returning ${COLUMNS}`,
  );
  const keyByDigest = db.prepare<[string], ApiKeyRow>(
    `select ${API_KEY_COLUMNS} from api_keys where key_hash = ?`,
  );
  return {
    async list(limit, status, afterId) {
      const rows =
        status === undefined ? listAll.all(afterId, limit) : listByStatus.all(afterId, status, limit);
      return rows.map(toPetJson);
    },
    async get(id) {
      const row = byId.get(id);
      return row && toPetJson(row);
    },
    async create(pet) {
      return toPetJson(insert.get(pet.name, pet.categoryId, pet.status ?? null) as PetRow);
    },
    async findApiKey(digest) {
      return keyByDigest.get(digest);
    },
    async close() {
      db.close();
    },
  };
}
