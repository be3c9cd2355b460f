import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Answers of the catalogue are kept in memory because no operation changes or deletes an animal, and animals are
 * added only by the create seam (decision 076). A write to the pets table anywhere else would leave kept answers
 * wrong: whoever adds one must first make it drop them, then list it here with why.
 */
const CREATE_SEAM = ['store/pet-repository.ts', 'store/pet-creation.ts'];

/**
 * The one deletion allowed: a grouped create deletes, before its transaction commits, the animals it inserted for
 * requests whose Idempotency-Key a retry took over meanwhile (pet-creation.ts). Never committed, they were never
 * visible to a read, so no kept answer can hold them.
 */
const DELETES_ITS_OWN_INSERTS = 'store/pet-creation.ts';

/**
 * Writes to a table named by a value, not in the text: the data commands, which copy and restore whole stores into a
 * database no store serves (the serving lease refuses one that is served, decision 068), so no answer is kept of it.
 */
const WRITES_TO_ANY_TABLE = /^data-commands\//;

const SOURCE_ROOT = join(import.meta.dirname, '..');

/** The server's own code: neither tests nor what only tests use. */
function serverSources(): string[] {
  return (readdirSync(SOURCE_ROOT, { recursive: true }) as string[])
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
    .filter((path) => !/^(test-support|soak|reliability|upgrades)\//.test(path))
    .map((path) => relative(SOURCE_ROOT, join(SOURCE_ROOT, path)));
}

const QUERY_BUILDER_WRITE = /\b(insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(\s*([^)]*)\)/g;
const SQL_WRITE =
  /\b(insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into|copy)\s+("?\$\{[^}]*\}"?|"?[\w.]+"?)/gi;

/** Each write in `text`: its kind (`insert`, `update`, …) and the table as written. */
export function writesIn(text: string): { kind: string; table: string }[] {
  const writes: { kind: string; table: string }[] = [];
  for (const [, verb, table] of text.matchAll(QUERY_BUILDER_WRITE)) {
    const kind = { insertInto: 'insert', replaceInto: 'insert' }[verb as string] ?? 'update or delete';
    writes.push({ kind, table: (table as string).trim() });
  }
  for (const [, verb, table] of text.matchAll(SQL_WRITE)) {
    const kind = /^insert/i.test(verb as string) ? 'insert' : 'update or delete';
    writes.push({ kind, table: table as string });
  }
  return writes;
}

const namesPets = (table: string) => /^['"`]?pets\b/.test(table) || /^["']?public\.pets\b/.test(table);
const namedInText = (table: string) => /^['"`]?[\w.]+['"`]?$/.test(table);

describe('every write to the pets table goes through the create seam', () => {
  it('finds a write however it is spelt (the check below can fail)', () => {
    expect(writesIn("db.updateTable('pets').set({ name })")).toStrictEqual([
      { kind: 'update or delete', table: "'pets'" },
    ]);
    expect(writesIn('sql`DELETE FROM pets WHERE id = 1`')).toStrictEqual([
      { kind: 'update or delete', table: 'pets' },
    ]);
    const byName = ['insert into "$', '{table.name}" values (?)'].join('');
    expect(writesIn(byName)).toStrictEqual([
      { kind: 'insert', table: byName.slice('insert into '.length, -' values (?)'.length) },
    ]);
  });

  it('no code changes or deletes an animal, and only the create seam adds one', () => {
    const offending: string[] = [];
    for (const path of serverSources()) {
      for (const { kind, table } of writesIn(readFileSync(join(SOURCE_ROOT, path), 'utf8'))) {
        const inCreateSeam =
          CREATE_SEAM.includes(path) && (kind === 'insert' || path === DELETES_ITS_OWN_INSERTS);
        if (namesPets(table) && !inCreateSeam) offending.push(`${path}: ${kind} ${table}`);
        if (!namedInText(table) && !WRITES_TO_ANY_TABLE.test(path))
          offending.push(`${path}: ${kind} ${table}`);
      }
    }
    expect(offending).toStrictEqual([]);
  });
});
