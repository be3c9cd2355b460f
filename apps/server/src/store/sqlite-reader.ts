import type { Statement } from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

type Row = Record<string, unknown>;

/**
 * A statement for Kysely whose rows are built in JavaScript from better-sqlite3's arrays of values (raw mode).
 * better-sqlite3 builds each row object in C++, one V8 API call per column, which cost a 21-row list more than
 * the query itself; the same object built in JavaScript costs a fraction (docs/performance.md, fifth round).
 * Rows keep their form: one property per column, in column order, a later duplicate name winning.
 */
export function readerBuildingRows(statement: Statement): SqliteStatement {
  let names = columnNames(statement);
  statement.raw(true);
  const toRow = (values: unknown[]): Row => {
    // SQLite re-prepares a statement whose table gained or lost columns; its columns are read again then. (A
    // column renamed in place under a running server would keep its old name here; migrations run before serving.)
    if (values.length !== names.length) names = columnNames(statement);
    const row: Row = {};
    for (let index = 0; index < names.length; index++) row[names[index] as string] = values[index];
    return row;
  };
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield toRow(values);
    },
  };
}

function columnNames(statement: Statement): string[] {
  return statement.columns().map((column) => column.name);
}
