import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withCachedStatements, withPreparedStatements } from './statement-caches.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

describe('statement caches', () => {
  it('SQLite: prepares each SQL text once', () => {
    const connection = new SqliteDatabase(':memory:');
    try {
      const cached = withCachedStatements(connection);
      const first = cached.prepare('select 1 as one');
      expect(cached.prepare('select 1 as one')).toBe(first);
      expect(cached.prepare('select 2 as two')).not.toBe(first);
    } finally {
      connection.close();
    }
  });

  it.skipIf(!postgresUrl)(
    'PostgreSQL: names each SQL text once and hands out one wrapper per pooled connection',
    async () => {
      const pool = new pg.Pool({ connectionString: postgresUrl, max: 1 });
      const prepared = withPreparedStatements(pool);
      try {
        const first = await prepared.connect();
        await first.query('select $1::int as n', [1]);
        first.release();
        const second = await prepared.connect();
        // The same connection comes back from the pool of one, so Kysely can reuse its connection object.
        expect(second).toBe(first);
        const { rows } = (await second.query('select $1::int as n', [2])) as unknown as pg.QueryResult;
        expect(rows).toStrictEqual([{ n: 2 }]);
        const named = (await second.query(
          "select name from pg_prepared_statements where statement like 'select $1::int%'",
          [],
        )) as unknown as pg.QueryResult;
        expect(named.rows).toStrictEqual([{ name: 'animal_store_1' }]);
        second.release();
      } finally {
        await pool.end();
      }
    },
  );
});
