import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { storeContract } from './store-contract.js';

/**
 * Where `schema` runs a function of ours (`.transform`, `.refine`, `.superRefine`, `.check`, `.preprocess`), as
 * `path: kind`. A request schema holds none: what it checks is then all data, which the OpenAPI document states in
 * full, where a refinement's rule would be invisible to every reader of the document.
 */
function functionsIn(schema: z.core.$ZodType, path: string, visited = new Set<z.core.$ZodType>()): string[] {
  // A lazy schema may contain itself.
  if (visited.has(schema)) return [];
  visited.add(schema);
  const def = schema._zod.def;
  const own = [
    ...(def.type === 'transform' ? [`${path}: transform`] : []),
    ...(def.checks ?? [])
      .filter((check) => check._zod.def.check === 'custom')
      .map(() => `${path}: refinement`),
  ];
  const inChildren = childrenOf(schema, path).flatMap(([childPath, child]) =>
    functionsIn(child, childPath, visited),
  );
  return [...own, ...inChildren];
}

const isSchema = (value: unknown): value is z.core.$ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** The schemas `schema` is made of: object fields by name, and whatever else its definition holds. */
function childrenOf(schema: z.core.$ZodType, path: string): Array<[string, z.core.$ZodType]> {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const shape = def.shape as Record<string, z.core.$ZodType> | undefined;
  const fields = Object.entries(shape ?? {}).map(([key, field]): [string, z.core.$ZodType] => [
    `${path}.${key}`,
    field,
  ]);
  // Pipes, optionals, defaults, arrays, catch-alls (one schema each), unions and tuples (lists), lazy schemas.
  const held = Object.entries(def)
    .filter(([key]) => key !== 'shape')
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]));
  if (schema instanceof z.ZodLazy) held.push(schema.unwrap());
  const others = held.filter(isSchema);
  return [...fields, ...others.map((child): [string, z.core.$ZodType] => [path, child])];
}

const REQUEST_PARTS = ['pathParams', 'query', 'headers', 'body'] as const;

/** A request part as one schema: ts-rest takes headers as an object of schemas, one a header. */
const asSchema = (part: unknown): z.core.$ZodType | undefined =>
  part === undefined || isSchema(part) ? part : z.object(part as z.ZodRawShape);

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
  ])('finds a function in %s', (_where, schema) => {
    expect(functionsIn(schema, 'schema')).toHaveLength(1);
  });

  it.each(Object.entries(storeContract))('%s validates requests with data alone', (_name, route) => {
    const parts = REQUEST_PARTS.flatMap((part) => {
      const schema = asSchema((route as Partial<Record<(typeof REQUEST_PARTS)[number], unknown>>)[part]);
      return schema ? [[part, schema] as const] : [];
    });
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.flatMap(([part, schema]) => functionsIn(schema, part))).toStrictEqual([]);
  });
});
