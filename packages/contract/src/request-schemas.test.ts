import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { storeContract } from './store-contract.js';

/**
 * Where `schema` uses a zod effect (`.transform`, `.refine`, `.superRefine`, `.preprocess`), as `path: kind`.
 * Zod 3 runs each effect with a context object that has a getter; V8 allocates every getter pair in its old
 * generation, which then keeps the whole parse alive until a full garbage collection. On a request schema that is
 * every request's garbage, promoted to the old generation and collected only by the costly full collections.
 */
function effectsIn(schema: z.ZodTypeAny, path: string, visited = new Set<z.ZodTypeAny>()): string[] {
  // A lazy schema may contain itself.
  if (visited.has(schema)) return [];
  visited.add(schema);
  const own = schema instanceof z.ZodEffects ? [`${path}: ${schema._def.effect.type}`] : [];
  const inChildren = childrenOf(schema, path).flatMap(([childPath, child]) =>
    effectsIn(child, childPath, visited),
  );
  return [...own, ...inChildren];
}

/** The schemas `schema` is made of: object fields by name, and whatever else its definition holds. */
function childrenOf(schema: z.ZodTypeAny, path: string): Array<[string, z.ZodTypeAny]> {
  const fields: Array<[string, z.ZodTypeAny]> =
    schema instanceof z.ZodObject
      ? Object.entries(schema.shape as z.ZodRawShape).map(([key, field]) => [`${path}.${key}`, field])
      : [];
  // Pipes, optionals, defaults, arrays, catch-alls (one schema each), unions and tuples (lists), lazy schemas.
  const held = Object.values(schema._def as Record<string, unknown>).flatMap((value) =>
    Array.isArray(value) ? value : [value],
  );
  if (schema instanceof z.ZodLazy) held.push(schema.schema);
  const others = held.filter((value): value is z.ZodTypeAny => value instanceof z.ZodType);
  return [...fields, ...others.map((child): [string, z.ZodTypeAny] => [path, child])];
}

const REQUEST_PARTS = ['pathParams', 'query', 'headers', 'body'] as const;

describe('request schemas', () => {
  it.each([
    [
      'a pipe inside an optional field',
      z.object({ id: z.string().pipe(z.string().transform(Number)).optional() }),
    ],
    ['a union', z.object({ id: z.union([z.number(), z.string().refine((text) => text !== '')]) })],
    ['a tuple', z.object({ pair: z.tuple([z.string(), z.preprocess(String, z.string())]) })],
    ['a catch-all', z.object({}).catchall(z.string().transform(Number))],
    ['a lazy schema', z.lazy(() => z.object({ id: z.string().transform(Number) }))],
  ])('finds an effect in %s', (_where, schema) => {
    expect(effectsIn(schema, 'schema')).toHaveLength(1);
  });

  it.each(Object.entries(storeContract))('%s validates requests without zod effects', (_name, route) => {
    const parts = REQUEST_PARTS.flatMap((part) => {
      const schema = (route as Partial<Record<(typeof REQUEST_PARTS)[number], unknown>>)[part];
      return schema instanceof z.ZodType ? [[part, schema] as const] : [];
    });
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.flatMap(([part, schema]) => effectsIn(schema, part))).toStrictEqual([]);
  });
});
