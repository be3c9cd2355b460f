import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withWatchedConnections } from '../database/postgres-connection-faults.js';
import { namedStatements } from './postgres-prepared-statements.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

describe('PostgreSQL named statements', () => {
  it.skipIf(!postgresUrl)(
    'names each SQL text once and hands out one wrapper per pooled connection',
    async () => {
      const pool = new pg.Pool({ connectionString: postgresUrl, max: 1 });
      const prepared = withWatchedConnections(pool, namedStatements());
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
