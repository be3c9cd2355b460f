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

  it('SQLite: returns the rows better-sqlite3 would, built from its arrays of values', () => {
    const connection = new SqliteDatabase(':memory:');
    try {
      connection.exec(`create table t (id integer primary key, name text, note text);
        insert into t (name, note) values ('a', null), ('b', 'x');`);
      const cached = withCachedStatements(connection);
      const queries = [
        'select * from t order by id',
        'select id, name as id from t',
        "insert into t (name) values ('c') returning name, note",
      ];
      for (const sql of queries) {
        expect(cached.prepare(sql).all([])).toStrictEqual(connection.prepare(sql).all());
      }
      expect([...cached.prepare('select name from t where id < ?').iterate([3])]).toStrictEqual([
        { name: 'a' },
        { name: 'b' },
      ]);
      // A table that changes shape under a cached statement: SQLite re-prepares it, the rows follow.
      const selectAll = cached.prepare('select * from t where id = ?');
      connection.exec("alter table t add column colour text default 'red'");
      expect(selectAll.all([1])).toStrictEqual([{ id: 1, name: 'a', note: null, colour: 'red' }]);
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
