import fc from 'fast-check';

/** The JSON Schema keywords the store's OpenAPI document uses in requests; a keyword not listed here is refused. */
export interface JsonSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  description?: string;
  /** OpenAPI 3.0's way to allow null beside the type. */
  nullable?: boolean;
  anyOf?: JsonSchema[];
}

const KNOWN_KEYWORDS = new Set([
  'type',
  'enum',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'default',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'additionalProperties',
  'description',
  'nullable',
  'anyOf',
]);

/**
 * Characters a name may or must not hold: ordinary letters most of the time, then each kind the rules speak of
 * (white space, joiners, bidirectional controls, invisible and control characters, lone surrogates, scripts that
 * need a joiner, emoji, fillers and blanks, tags, variation selectors, skin tones, regional indicators), so that
 * every part of a pattern is crossed in a few hundred cases.
 */
const TEXT_UNITS = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...'abcxyzABZ019 -_.') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      ...[
        ' ',
        '\u00A0',
        '\u3000',
        '\u2028',
        '\t',
        '\u200D',
        '\u200C',
        '\u200B',
        '\u202E',
        '\u2066',
        '\u2069',
      ],
      ...['\u200F', '\u061C', '\u00AD', '\uFEFF', '\u2060', '\u180E', '\u0000', '\u001F', '\u007F', '\uD800'],
      ...['🐕', '🦺', '👨', 'ی', 'م', 'क', '्', 'ü', 'é', '中'],
      ...['\u3164', '\u2800', '\u{E0067}', '\u{E007F}', '\u034F', '\uFE0F', '\u{E0100}', '\u206A', '\uFFF9'],
      ...['🏴', '🏽', '🇫', '\u0301'],
    ),
  },
);

/** Text, from empty to past `maxLength` (in code points), of TEXT_UNITS. */
function text(schema: JsonSchema): fc.Arbitrary<string> {
  const longest = (schema.maxLength ?? 40) + 3;
  const plain = fc.stringMatching(/^[a-zA-Z0-9 ]{0,12}$/);
  const short = fc.oneof(
    plain,
    fc.array(TEXT_UNITS, { maxLength: 12 }).map((units) => units.join('')),
  );
  // Around the length limit: a long run of a letter, with what TEXT_UNITS gives before and after it.
  const nearLimit = fc
    .tuple(short, fc.integer({ min: Math.max(0, longest - 16), max: longest }), short)
    .map(
      ([before, length, after]) =>
        before + 'n'.repeat(Math.max(0, length - [...before].length - [...after].length)) + after,
    );
  return fc.oneof({ weight: 6, arbitrary: short }, { weight: 1, arbitrary: nearLimit });
}

/** An instant within the next 700 days, as `toISOString` writes it; the document cannot state how far ahead. */
const futureInstant = fc
  .integer({ min: 60, max: 700 * 24 * 60 })
  .map((minutes) => new Date(Date.now() + minutes * 60_000).toISOString());

/** Values of other JSON types, which the schema's own type refuses. */
const otherTypes = fc.constantFrom<unknown>(null, true, 1.5, -1, 'text', [], {});

/**
 * Values for `schema`, allowed and forbidden alike: each keyword's edge on both sides, other types, unknown and
 * missing properties. Which ones the document allows is for a validator of the document to say, not for this.
 */
export function valuesFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const unknown = Object.keys(schema).filter((keyword) => !KNOWN_KEYWORDS.has(keyword));
  if (unknown.length > 0)
    throw new Error(`No values for the keyword(s) ${unknown.join(', ')}: add them here.`);
  const own = schema.anyOf ? fc.oneof(...schema.anyOf.map(valuesFor)) : ownType(schema);
  return fc.oneof(
    { weight: 19, arbitrary: own },
    { weight: schema.nullable ? 3 : 0, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: otherTypes },
  );
}

/**
 * Network ranges of both kinds, and ranges a prefix too long or short of a part. Never a range with address bits set
 * after its prefix (`10.0.0.1/8`): the document words that rule in a description, which no validator reads, and
 * api/api-key-policy.test.ts tests it.
 */
const NETWORKS = {
  cidrv4: ['203.0.113.0/24', '10.0.0.0/8', '0.0.0.0/0', '127.0.0.1/32', '10.0.0.0/33', '10.0.0/8'],
  cidrv6: ['2001:db8::/32', '::1/128', '::/0', '2001:db8:4f00::/40', '2001:db8::/129', '2001:db8:::/32'],
};

function ownType(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) {
    return fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...schema.enum) },
      { weight: 1, arbitrary: text({}) },
    );
  }
  switch (schema.type) {
    case 'string':
      if (schema.format === 'cidrv4' || schema.format === 'cidrv6') {
        const ranges = fc.constantFrom(...NETWORKS[schema.format]);
        return fc.oneof({ weight: 3, arbitrary: ranges }, { weight: 1, arbitrary: text(schema) });
      }
      return schema.format === 'date-time'
        ? fc.oneof({ weight: 3, arbitrary: futureInstant }, { weight: 1, arbitrary: text(schema) })
        : text(schema);
    case 'integer':
    case 'number':
      return integer(schema);
    case 'array':
      // Past `maxItems` now and then, where a list has one.
      return schema.maxItems === undefined
        ? fc.array(valuesFor(schema.items ?? {}), { maxLength: 4 })
        : fc.oneof(
            { weight: 6, arbitrary: fc.array(valuesFor(schema.items ?? {}), { maxLength: 4 }) },
            {
              weight: 1,
              arbitrary: fc.array(valuesFor(schema.items ?? {}), {
                minLength: schema.maxItems + 1,
                maxLength: schema.maxItems + 1,
              }),
            },
          );
    case 'object':
      return object(schema);
    default:
      throw new Error(`No values for the type ${String(schema.type)}: add it here.`);
  }
}

/** Integers inside the bounds, at and beyond each bound, and a fraction. */
function integer(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  return fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.constantFrom(min - 1, min, max, max + 1, 0, 2 ** 53, 2.5) },
  );
}

/** Now and then `value`, most of the time nothing. */
const rarely = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 11, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });

/** The required properties, each optional one present or absent, now and then one missing or one unknown. */
function object(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [name, valuesFor(property)]),
  );
  const required = schema.required ?? [];
  return fc
    .tuple(
      fc.record(properties, { requiredKeys: required }),
      required.length > 0 ? rarely(fc.constantFrom(...required)) : fc.constant(undefined),
      rarely(fc.constantFrom('id', 'nickname')),
    )
    .map(([record, dropped, extra]) => {
      const value: Record<string, unknown> = { ...record };
      if (dropped !== undefined) delete value[dropped];
      if (extra !== undefined) value[extra] = 'x';
      return value;
    });
}
