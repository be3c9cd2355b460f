import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { MAX_SAFE_ID } from './limits.js';

type Json = Record<string, unknown>;

/**
 * Zod 4 writes `.int()` as the safe-integer bounds; the document states only the bounds a schema names itself, so
 * that a plain integer (an Error's `status`) stays unbounded and an id keeps its own `maximum`.
 */
function withOwnBoundsOnly({
  zodSchema,
  jsonSchema,
}: {
  zodSchema: z.core.$ZodTypes;
  jsonSchema: Json;
}): void {
  if (zodSchema._zod.def.type !== 'number' || jsonSchema.type !== 'integer') return;
  const checks = (zodSchema._zod.def.checks ?? []).map((check) => check._zod.def.check);
  if (!checks.includes('greater_than')) delete jsonSchema.minimum;
  if (!checks.includes('less_than')) delete jsonSchema.maximum;
}

/**
 * The order in which 1.1.0 of the document, written by the Zod 3 generator, lists a schema's keywords; Zod 4 writes
 * a wrapper's (`nullable`, `description`) before the inner schema's. Keywords not listed keep their order, after.
 */
const KEYWORD_ORDER = [
  'default',
  'type',
  'format',
  'oneOf',
  'anyOf',
  'properties',
  'items',
  'enum',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'required',
  'additionalProperties',
  'description',
  'nullable',
];

const rank = (keyword: string) => {
  const index = KEYWORD_ORDER.indexOf(keyword);
  return index === -1 ? KEYWORD_ORDER.length : index;
};

/** A string's patterns, when Zod writes several as `allOf: [{ type: 'string', pattern }, …]`. */
function patternsOf(schema: Json): string[] | undefined {
  if (schema.type !== 'string' || !Array.isArray(schema.allOf)) return undefined;
  const parts = schema.allOf as Json[];
  const onlyPatterns = parts.every(
    (part) => Object.keys(part).every((key) => key === 'type' || key === 'pattern') && part.type === 'string',
  );
  return onlyPatterns ? parts.map((part) => String(part.pattern)) : undefined;
}

/** Union branches of distinct types: no value matches two of them, so `anyOf` and `oneOf` say the same. */
const disjointTypes = (branches: Json[]) =>
  branches.every((branch) => typeof branch.type === 'string') &&
  new Set(branches.map((branch) => branch.type)).size === branches.length;

/**
 * One schema as the document states it, in OpenAPI 3.0.3's words and as 1.1.0 stated it, so that a client of 1.1.0
 * sees no change (oasdiff):
 * - an integer's exclusive lower bound is its `minimum` (ids start at 1); ids bounded by MAX_SAFE_ID are int64;
 * - a string with several patterns keeps its last: a request's rule is one pattern (readable-name.ts), so this is
 *   only a response's stored name, whose last pattern is the one 1.1.0 published and which no answer breaks;
 * - a `date-time` has no `pattern`: the format says it, and Zod's regex for it is its own way of checking one;
 * - a union of distinct types is a `oneOf`, as 1.1.0 wrote it.
 */
function asPublished(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asPublished);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Json).map(([name, child]) => [name, asPublished(child)]))
        : asPublished(value),
    ]),
  ) as Json;
  if (schema.type === 'integer' && schema.exclusiveMinimum === true && typeof schema.minimum === 'number') {
    schema.minimum += 1;
    delete schema.exclusiveMinimum;
  }
  const patterns = patternsOf(schema);
  if (patterns) {
    schema.pattern = patterns.at(-1);
    delete schema.allOf;
  }
  if (schema.format === 'date-time') delete schema.pattern;
  if (Array.isArray(schema.anyOf) && disjointTypes(schema.anyOf as Json[])) {
    schema.oneOf = schema.anyOf;
    delete schema.anyOf;
  }
  const ordered = Object.fromEntries(Object.entries(schema).sort(([a], [b]) => rank(a) - rank(b))) as Json;
  if (ordered.type === 'integer' && ordered.maximum === MAX_SAFE_ID) ordered.format = 'int64';
  return ordered;
}

/**
 * The OpenAPI 3.0 schema of what a client sends or receives. Requests and responses alike are read as input: the
 * request schemas' pipes then show the text a client sends, and a response object stays open (`additionalProperties`
 * absent) as in 1.1.0, where Zod's output reading would close every object that strips unknown keys.
 */
export function openApiSchema(schema: z.ZodType): OpenAPIV3.SchemaObject {
  const jsonSchema = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'input',
    override: withOwnBoundsOnly,
  });
  return asPublished(jsonSchema) as OpenAPIV3.SchemaObject;
}
