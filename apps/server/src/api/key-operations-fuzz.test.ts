import {
  ApiKeyListSchema,
  ApiKeySchema,
  CreatedApiKeySchema,
  expiryProblem,
  NewApiKeySchema,
  RotateApiKeySchema,
} from '@animal-store/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectContractShape } from '../test-support/contract-shape.js';
import { useTestServer } from '../test-support/use-test-server.js';

/** Fixed by default so a failure reproduces; set FC_SEED to explore other cases. */
const seed = Number(process.env.FC_SEED ?? 20261126);
const numRuns = 300;

/** The status of an answer held to the contract's shape (`expectContractShape`). */
const statusInContract = async (response: Response, success: Parameters<typeof expectContractShape>[1]) =>
  (await expectContractShape(response, success)).status;

/** Instants as clients get them wrong: offsets no clock has, six-digit years, dates that do not exist, no zone. */
const instantLike = fc.oneof(
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc
    .tuple(
      fc.integer({ min: 0, max: 800 }),
      fc.constantFrom('Z', '+00:00', '+05:30', '+0530', '-23:59', '+24:00', '+99:99', '+2400', '-25:00', ''),
    )
    .map(([days, zone]) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19)}${zone}`),
  fc.constantFrom('2027-02-29T00:00:00Z', '+010000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2027-01-31'),
  fc.string(),
);
const scopeLike = fc.oneof(fc.constantFrom('pets:read', 'pets:write', 'keys:manage'), fc.string());
const nameLike = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('\u0000', '\ud800', 'x'.repeat(101), ' \t', '\u202eevil'),
);
const newKeyLike = fc.record(
  {
    name: nameLike,
    scopes: fc.oneof(fc.array(scopeLike, { maxLength: 4 }), scopeLike),
    expiresAt: fc.oneof(instantLike, fc.integer(), fc.constant(null)),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);
const overlapLike = fc.record(
  {
    overlapHours: fc.oneof(
      fc.integer({ min: -5, max: 800 }),
      fc.double(),
      fc.string(),
      fc.constantFrom(0, -0, 720, 721, 2 ** 53),
    ),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);
/** Ids far above any key the suite makes, so that no run revokes the key it acts with. */
const keyIdLike = fc.oneof(
  fc.nat().map((n) => String(n + 1_000_000)),
  fc
    .string({ minLength: 1 })
    .map(encodeURIComponent)
    .filter((id) => !/^[1-9][0-9]{0,5}$/.test(id)),
  fc.constantFrom('0', '01', '-1', '1.0', '1e3', '0x10', '9007199254740993', '%00', 'current'),
);

const post = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body) ?? '',
});

describe('fuzzing the key operations: every response is in the contract, never a 5xx', () => {
  const server = useTestServer();

  it('createApiKey accepts exactly the bodies NewApiKeySchema and the expiry rule accept', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(newKeyLike, fc.jsonValue()), async (body) => {
        const response = await server().request('/v1/api-keys', post(body));
        const status = await statusInContract(response, {
          status: 201,
          schema: CreatedApiKeySchema.strict(),
        });
        const parsed = NewApiKeySchema.safeParse(JSON.parse(JSON.stringify(body) ?? 'null'));
        // The expiry rule reads the clock: only a clear margin from its limits is predicted.
        const expiry = parsed.success ? parsed.data.expiresAt : undefined;
        if (expiry === undefined || clearOfLimits(expiry)) {
          const valid = parsed.success && (expiry === undefined || expiryProblem(expiry) === undefined);
          expect(status).toBe(valid ? 201 : 400);
        }
      }),
      { seed, numRuns },
    );
  });

  it('createApiKey judges every expiresAt of an otherwise valid key by the schema and the expiry rule', async () => {
    await fc.assert(
      fc.asyncProperty(instantLike, async (expiresAt) => {
        const body = { name: 'expiring', scopes: ['pets:read'], expiresAt };
        const response = await server().request('/v1/api-keys', post(body));
        const status = await statusInContract(response, {
          status: 201,
          schema: CreatedApiKeySchema.strict(),
        });
        if (clearOfLimits(expiresAt)) {
          const valid = NewApiKeySchema.safeParse(body).success && expiryProblem(expiresAt) === undefined;
          expect(status).toBe(valid ? 201 : 400);
        }
      }),
      { seed, numRuns },
    );
  });

  it('rotateApiKey accepts exactly the bodies RotateApiKeySchema accepts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(overlapLike, fc.jsonValue()), async (body) => {
        const made = await server().request(
          '/v1/api-keys',
          post({ name: 'to rotate', scopes: ['pets:read'] }),
        );
        const { id } = CreatedApiKeySchema.parse(await made.json());
        const response = await server().request(`/v1/api-keys/${id}/rotate`, post(body));
        const status = await statusInContract(response, {
          status: 201,
          schema: CreatedApiKeySchema.strict(),
        });
        const json = JSON.parse(JSON.stringify(body) ?? 'null');
        expect(status).toBe(RotateApiKeySchema.optional().safeParse(json).success ? 201 : 400);
      }),
      { seed, numRuns: numRuns / 3 },
    );
  });

  it('revokeApiKey and rotateApiKey answer every path id with 400 or 404', async () => {
    await fc.assert(
      fc.asyncProperty(keyIdLike, fc.boolean(), async (keyId, rotate) => {
        const response = rotate
          ? await server().request(`/v1/api-keys/${keyId}/rotate`, post({}))
          : await server().request(`/v1/api-keys/${keyId}`, { method: 'DELETE' });
        const success = rotate
          ? { status: 201, schema: CreatedApiKeySchema }
          : { status: 200, schema: ApiKeySchema };
        expect([400, 404]).toContain(await statusInContract(response, success));
      }),
      { seed, numRuns },
    );
  });

  it('listApiKeys and getCurrentApiKey refuse every query, in the contract', async () => {
    const query = fc.array(fc.tuple(fc.string({ minLength: 1 }), fc.string()), {
      minLength: 1,
      maxLength: 3,
    });
    await fc.assert(
      fc.asyncProperty(query, fc.boolean(), async (pairs, current) => {
        const path = current ? '/v1/api-keys/current' : '/v1/api-keys';
        const response = await server().request(`${path}?${new URLSearchParams(pairs)}`);
        const schema = current ? ApiKeySchema : ApiKeyListSchema;
        expect(await statusInContract(response, { status: 200, schema })).toBe(400);
      }),
      { seed, numRuns: numRuns / 3 },
    );
  });
});

/** Whether an expiry lies a minute or more from both of the rule's limits, so that the test's clock and the store's agree. */
function clearOfLimits(expiresAt: string): boolean {
  const at = Date.parse(expiresAt);
  const minute = 60_000;
  const now = Date.now();
  return [now, now + 730 * 86_400_000].every((limit) => Math.abs(at - limit) > minute);
}
