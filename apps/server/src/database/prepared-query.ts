import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';

/** Values no real request carries, so that each marks exactly one parameter of the compiled query. */
const SENTINEL_BASE = 987_654_321_000;

/**
 * A Kysely query built and compiled once, then run with new values: building and compiling the same query on every
 * request costs more than running it (ledger row "compiled queries" in docs/performance.md). `build` gets a typed
 * placeholder for each parameter, so Kysely checks the query as usual, and the returned function takes values of
 * the same types. The positions of the placeholders in the compiled parameters are found once, so that a change of
 * clause order can never bind a value to the wrong parameter (a placeholder that goes missing fails at start-up).
 */
export function prepareQuery<Schema, Params extends Record<string, unknown>, Row>(
  names: readonly (keyof Params & string)[],
  build: (placeholders: Params) => Compilable<Row>,
): (db: Kysely<Schema>, values: Params) => Promise<QueryResult<Row>> {
  const placeholders = Object.fromEntries(names.map((name, index) => [name, SENTINEL_BASE + index]));
  const compiled = build(placeholders as Params).compile();
  const order = compiled.parameters.map((parameter) => {
    const index = names.findIndex((name) => placeholders[name] === parameter);
    if (index === -1)
      throw new Error(`prepareQuery: parameter ${String(parameter)} of "${compiled.sql}" is fixed`);
    return names[index] as keyof Params & string;
  });
  for (const name of names) {
    if (!order.includes(name)) throw new Error(`prepareQuery: "${name}" is not used by "${compiled.sql}"`);
  }
  return (db, values) => {
    const query: CompiledQuery<Row> = { ...compiled, parameters: order.map((name) => values[name]) };
    return db.executeQuery(query);
  };
}
