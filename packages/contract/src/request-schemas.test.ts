import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from './contract.js';

/**
 * Where `schema` uses a zod effect (`.transform`, `.refine`, `.superRefine`, `.preprocess`), as `path: kind`.
 * Zod 3 runs each effect with a context object that has a getter; V8 allocates every getter pair in its old
 * generation, which then keeps the whole parse alive until a full garbage collection. On a request schema that is
 * every request's garbage (docs/performance.md, seventh round).
 */
function effectsIn(schema: z.ZodTypeAny, path: string): string[] {
  const own = schema instanceof z.ZodEffects ? [`${path}: ${schema._def.effect.type}`] : [];
  const children: Array<[string, z.ZodTypeAny]> =
    schema instanceof z.ZodObject
      ? Object.entries(schema.shape as z.ZodRawShape).map(([key, child]) => [`${path}.${key}`, child])
      : Object.values(schema._def as Record<string, unknown>)
          .filter((value): value is z.ZodTypeAny => value instanceof z.ZodType)
          .map((child) => [path, child]);
  return [...own, ...children.flatMap(([childPath, child]) => effectsIn(child, childPath))];
}

const REQUEST_PARTS = ['pathParams', 'query', 'headers', 'body'] as const;

describe('request schemas', () => {
  it('finds an effect however deep it is nested', () => {
    const nested = z.object({ id: z.string().pipe(z.string().transform(Number)).optional() });
    expect(effectsIn(nested, 'nested')).toStrictEqual(['nested.id: transform']);
  });

  it.each(Object.entries(contract))('%s validates requests without zod effects', (_name, route) => {
    const parts = REQUEST_PARTS.flatMap((part) => {
      const schema = (route as Partial<Record<(typeof REQUEST_PARTS)[number], unknown>>)[part];
      return schema instanceof z.ZodType ? [[part, schema] as const] : [];
    });
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.flatMap(([part, schema]) => effectsIn(schema, part))).toStrictEqual([]);
  });
});
