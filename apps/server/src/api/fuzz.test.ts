import {
  ListPetsQuerySchema,
  NewPetSchema,
  PET_STATUSES,
  PetListSchema,
  PetSchema,
} from '@animal-store/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectContractShape } from '../test-support/contract-shape.js';
import { useTestServer } from '../test-support/use-test-server.js';

/** Fixed by default so a failure reproduces; set FC_SEED to explore other cases. */
const seed = Number(process.env.FC_SEED ?? 20261122);
const numRuns = 300;

const statusLike = fc.oneof(fc.constantFrom(...PET_STATUSES), fc.string(), fc.constant('AVAILABLE'));
const numberLike = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 2 ** 53, 2 ** 63, Number.MAX_SAFE_INTEGER, Number.MAX_VALUE),
  fc.bigInt().map(String),
);
const nameLike = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.string({ unit: 'binary' }),
  fc.string({ minLength: 250, maxLength: 260 }),
  fc.constantFrom('\u0000', '\ud800', 'a\udc00b', 'x'.repeat(10_000), '🐕'.repeat(128), ' \t'),
);
const newPetLike = fc.record(
  { name: nameLike, categoryId: numberLike, status: statusLike, id: numberLike, extra: fc.anything() },
  { requiredKeys: [] },
);

describe('fuzzing: every response is in the contract, never a 500', () => {
  const server = useTestServer();

  it('createPet accepts exactly the bodies NewPetSchema accepts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(newPetLike, fc.jsonValue()), async (body) => {
        const text = JSON.stringify(body) ?? '';
        const response = await server().request('/v1/pets', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: text,
        });
        const { status } = await expectContractShape(response, { status: 201, schema: PetSchema.strict() });
        const expected = NewPetSchema.safeParse(JSON.parse(text === '' ? 'null' : text)).success ? 201 : 400;
        expect(status).toBe(expected);
      }),
      { seed, numRuns },
    );
  });

  it('createPet refuses malformed JSON as malformed_json', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', minLength: 1 }), async (text) => {
        fc.pre(!isJson(text));
        const response = await server().request('/v1/pets', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: text,
        });
        expect(await expectContractShape(response, { status: 201, schema: PetSchema })).toStrictEqual({
          status: 400,
          code: 'malformed_json',
        });
      }),
      { seed, numRuns },
    );
  });

  it('listPets accepts exactly the queries ListPetsQuerySchema accepts', async () => {
    const value = fc.oneof(fc.string(), numberLike.map(String), statusLike);
    const query = fc.array(fc.tuple(fc.constantFrom('limit', 'status', 'cursor', 'other'), value), {
      maxLength: 4,
    });
    await fc.assert(
      fc.asyncProperty(query, async (pairs) => {
        const params = new URLSearchParams(pairs);
        const response = await server().request(`/v1/pets?${params}`);
        const { status } = await expectContractShape(response, { status: 200, schema: PetListSchema });
        const parsed = ListPetsQuerySchema.safeParse(Object.fromEntries(groupRepeated(pairs)));
        // A well-formed cursor can still be unknown to the store: that is a 400 of its own.
        if (!parsed.success || parsed.data.cursor === undefined)
          expect(status).toBe(parsed.success ? 200 : 400);
      }),
      { seed, numRuns },
    );
  });

  it('getPet answers every path id with 200, 400 or 404', async () => {
    const petId = fc.oneof(
      fc.nat().map(String),
      fc.string({ minLength: 1 }).map(encodeURIComponent),
      fc.constantFrom('1.0', '01', '-1', '%00', '1e3', '0x10', '9007199254740993', '%F0%9F%90%95'),
    );
    await fc.assert(
      fc.asyncProperty(petId, async (id) => {
        const response = await server().request(`/v1/pets/${id}`);
        const { status } = await expectContractShape(response, { status: 200, schema: PetSchema });
        expect([200, 400, 404]).toContain(status);
      }),
      { seed, numRuns },
    );
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Express's simple query parser turns a repeated parameter into an array; the schema sees that. */
function groupRepeated(pairs: Array<[string, string]>): Map<string, string | string[]> {
  const grouped = new Map<string, string | string[]>();
  for (const [key, value] of pairs) {
    const existing = grouped.get(key);
    grouped.set(key, existing === undefined ? value : [...[existing].flat(), value]);
  }
  return grouped;
}
