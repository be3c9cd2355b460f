import SqliteDatabase from 'better-sqlite3';
import { Kysely, type SqliteDatabase as KyselySqliteDatabase, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withCachedStatements } from './sqlite-statement-cache.js';

describe('SQLite statement cache', () => {
  it('prepares each SQL text once', () => {
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

  it('relies on Kysely asking for a statement on every query, which it then runs without iterating', async () => {
    const connection = new SqliteDatabase(':memory:');
    const cached = withCachedStatements(connection);
    const asked: string[] = [];
    const counting: KyselySqliteDatabase = {
      close: () => cached.close(),
      prepare: (text) => {
        asked.push(text);
        const statement = cached.prepare(text);
        return {
          reader: statement.reader,
          all: (parameters) => statement.all(parameters),
          run: (parameters) => statement.run(parameters),
          iterate: () => {
            throw new Error('the cache relies on statements never being iterated');
          },
        };
      },
    };
    const db = new Kysely<{ t: { id: number } }>({ dialect: new SqliteDialect({ database: counting }) });
    try {
      await sql`create table t (id integer primary key)`.execute(db);
      await db.insertInto('t').values({ id: 1 }).execute();
      const select = () => db.selectFrom('t').selectAll().where('id', '=', 1).execute();
      expect(await select()).toStrictEqual([{ id: 1 }]);
      expect(await select()).toStrictEqual([{ id: 1 }]);
      const selects = asked.filter((text) => text.startsWith('select'));
      // Should Kysely cache statements itself one day, this fails and the cache can go.
      expect(selects).toHaveLength(2);
      expect(new Set(selects).size).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
