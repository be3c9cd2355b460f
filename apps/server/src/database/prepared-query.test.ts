import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareQuery } from './prepared-query.js';

interface Schema {
  animals: { id: number; name: string; legs: number };
}

describe('prepareQuery', () => {
  const connection = new SqliteDatabase(':memory:');
  connection.exec('create table animals (id integer primary key, name text, legs integer)');
  connection.exec(
    "insert into animals values (1, 'Rex', 4), (2, 'Tweety', 2), (3, 'Nemo', 0), (4, 'Ant', 6)",
  );
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: connection }) });
  afterAll(() => db.destroy());

  it('binds each value to its own parameter, whatever the order of the clauses', async () => {
    // Names listed in another order than the clauses use them: the limit comes last in the SQL, first here.
    const query = prepareQuery<
      Schema,
      { limit: number; minLegs: number; afterId: number },
      Schema['animals']
    >(['limit', 'minLegs', 'afterId'], (p) =>
      db
        .selectFrom('animals')
        .selectAll()
        .where('id', '>', p.afterId)
        .where('legs', '>=', p.minLegs)
        .orderBy('id')
        .limit(p.limit),
    );
    const { rows } = await query(db, { afterId: 1, minLegs: 2, limit: 2 });
    expect(rows).toStrictEqual([
      { id: 2, name: 'Tweety', legs: 2 },
      { id: 4, name: 'Ant', legs: 6 },
    ]);
    expect((await query(db, { afterId: 0, minLegs: 5, limit: 10 })).rows.map((row) => row.id)).toStrictEqual([
      4,
    ]);
  });

  it('binds a value used twice in both places', async () => {
    const query = prepareQuery<Schema, { id: number }, Schema['animals']>(['id'], (p) =>
      db.selectFrom('animals').selectAll().where('id', '>=', p.id).where('id', '<=', p.id),
    );
    expect((await query(db, { id: 3 })).rows).toStrictEqual([{ id: 3, name: 'Nemo', legs: 0 }]);
  });

  it('refuses at preparation a name the query does not use, and a value fixed in the query', () => {
    expect(() =>
      prepareQuery<Schema, { id: number; unused: number }, Schema['animals']>(['id', 'unused'], (p) =>
        db.selectFrom('animals').selectAll().where('id', '=', p.id),
      ),
    ).toThrow('"unused" is not used by');
    expect(() =>
      prepareQuery<Schema, { id: number }, Schema['animals']>(['id'], (p) =>
        db.selectFrom('animals').selectAll().where('id', '=', p.id).where('legs', '=', 4),
      ),
    ).toThrow('parameter 4 of');
  });

  it('keeps the types of its parameters: a value of the wrong type does not compile', async () => {
    const query = prepareQuery<Schema, { limit: number }, Schema['animals']>(['limit'], (p) =>
      db.selectFrom('animals').selectAll().orderBy('id').limit(p.limit),
    );
    // @ts-expect-error: limit is a number (checked by `pnpm typecheck`; the call itself is still run below).
    const wrong = { limit: 'x' } satisfies Parameters<typeof query>[1];
    expect(typeof wrong.limit).toBe('string');
    expect((await query(db, { limit: 1 })).rows.map((row) => row.id)).toStrictEqual([1]);
  });
});
