import { API_BASE_PATH } from '@animal-store/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/databases.js';
import {
  documentOperations,
  type GeneratedRequest,
  type OpenApiDocument,
} from '../test-support/openapi-cases.js';
import { useTestServer } from '../test-support/use-test-server.js';

/**
 * The published document is the spec (decision 060): requests generated from `/v1/openapi.json` as the store serves
 * it, never from the contract's Zod schemas, and judged by a JSON Schema validator reading the same document. Every
 * request the document allows is answered with a status it lists and no validation error; every one it forbids is
 * answered 400 `validation_failed` naming each field it forbids.
 */

/** Fixed by default so a failure reproduces; set FC_SEED to explore other cases. */
const seed = Number(process.env.FC_SEED ?? 20261128);
/** Requests per database: with the names below, about two thousand for the two databases CI runs. */
const numRuns = 800;

/** A configured key: it has every scope, and no generated revocation or rotation can take it away. */
const KEY = 'conformance-key-0123456789';

/** The names the document and the store were compared on by hand: each must be judged alike by both. */
const NAMES = [
  ...[
    '',
    ' ',
    '\u3000',
    '\t',
    'a\u200Bb',
    'x\u202Ey',
    'soft\u00ADhyphen',
    '\uFEFFbom',
    'a\u200Db',
    'ad\u200Dmin',
  ],
  ...['Rex \u200D🦺', '🐕 \u200D🦺', '\u2066iso\u2069', 'deploy \u2066bot\u2069', 'bot\u200F', 'bot\u061C'],
  ...[
    'ad\u2060min',
    '\u200C🐕',
    '🐕\u200D',
    '🐕\u200D\u200D🦺',
    'a\u0000b',
    'a\u001Fb',
    '\uD800',
    'x'.repeat(256),
  ],
  ...[
    'Rex',
    'ci pipeline',
    'Müller',
    '🐕\u200D🦺 service dog',
    '👨\u200D👩\u200D👧',
    'می\u200Cخواهم',
    'क्\u200Dष',
  ],
  ...[
    'مرحبا',
    '中文名',
    'x'.repeat(255),
    '🐕'.repeat(255),
    '🐕'.repeat(256),
    ' Rex ',
    'Rex\u00A0Jr',
    'O’Brien',
  ],
  ...['a-b_c.d', 'Ünïcödé'],
  ...['\u3164', '\u115F\u1160', '\uFFA0', '\u2800', 'a\u2800b', 'Rex\u{E0041}\u{E0042}', 'ad\u206Amin'],
  ...['a\uFFF9b', 'ad\u034Fmin', 'e\u0301\u200Dx', 'Rex\uFE0F', '❤\uFE0F', '#\uFE0F\u20E3', '👩🏽\u200D💻'],
  ...['🏳\uFE0F\u200D🌈', '🇫🇷', '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'],
  ...['🏴\u{E0061}\u{E0062}\u{E0063}\u{E007F}', 'ශ්\u200Dරී', 'क\u200Dष', '葛\u{E0100}飾', 'Ελένη', 'Олег'],
  ...['ሰላም', '김민준'],
];

async function send(origin: string, request: GeneratedRequest): Promise<Response> {
  const query = new URLSearchParams(request.query).toString();
  const withBody = request.body !== undefined;
  return fetch(`${origin}${API_BASE_PATH}${request.path}${query ? `?${query}` : ''}`, {
    method: request.method,
    headers: {
      authorization: `Bearer ${KEY}`,
      ...(withBody && { 'content-type': 'application/json' }),
      ...request.headers,
    },
    ...(withBody && { body: JSON.stringify(request.body) }),
  });
}

/** What the store answered, beside what the document says of the request: empty when they agree. */
async function disagreement(
  response: Response,
  request: GeneratedRequest,
  answerProblems: (status: number, answer: unknown) => string | undefined,
): Promise<string[]> {
  const text = await response.text();
  const answer = text === '' ? undefined : JSON.parse(text);
  const found: string[] = [];
  if (!request.statuses.includes(String(response.status)))
    found.push(`status ${response.status} is not listed`);
  const problems = answerProblems(response.status, answer);
  if (problems) found.push(`the answer is not what the document says: ${problems}`);
  const refused = response.status === 400 && answer?.code === 'validation_failed';
  if (request.forbidden.length === 0 && (refused || response.status >= 500)) {
    found.push(`allowed, yet answered ${response.status}: ${answer?.message}`);
  }
  if (request.forbidden.length > 0) {
    if (!refused) found.push(`forbidden (${request.forbidden.join(', ')}), yet answered ${response.status}`);
    // A field's name without its closing quote: the store names an item of a list as `body field 'scopes.0'`.
    const unnamed = request.forbidden.filter(
      (field) => field !== 'the body' && !answer?.message?.includes(field.slice(0, -1)),
    );
    if (refused && unnamed.length > 0) found.push(`${unnamed.join(', ')} not named in "${answer.message}"`);
  }
  return found;
}

describe.each(testDatabaseKinds)('the published document and the store agree, on $name', (kind) => {
  const server = useTestServer(kind, { configuredKeys: [KEY] });
  let operations: ReturnType<typeof documentOperations>;

  beforeAll(async () => {
    const response = await fetch(`${server().baseUrl}/openapi.json`);
    operations = documentOperations((await response.json()) as OpenApiDocument);
  });

  const operation = (id: string) => {
    const found = operations.find((each) => each.operationId === id);
    if (!found) throw new Error(`the document has no ${id}`);
    return found;
  };

  it.each([
    ['createPet', (name: string) => ({ name, categoryId: 1 })],
    ['createApiKey', (name: string) => ({ name, scopes: ['pets:read'] })],
  ])('on each of %s’s names in the list', async (operationId, bodyFor) => {
    const { requests, judgeBody, answerProblems } = operation(operationId);
    // A request of the operation that the document allows, its body replaced by one with each name in turn.
    const [allowed] = fc.sample(
      requests.filter((request) => request.forbidden.length === 0),
      { seed, numRuns: 1 },
    );
    const found: string[] = [];
    for (const name of NAMES) {
      const body = bodyFor(name);
      const request = { ...(allowed as GeneratedRequest), body, forbidden: judgeBody(body) };
      const problems = await disagreement(await send(server().origin, request), request, answerProblems);
      if (problems.length > 0) found.push(`${JSON.stringify(name)}: ${problems.join('; ')}`);
    }
    expect(found).toStrictEqual([]);
  });

  it('on generated requests of every operation', async () => {
    const all = fc
      .constantFrom(...operations)
      .chain(({ operationId, requests, answerProblems }) =>
        requests.map((request) => ({ operationId, request, answerProblems })),
      );
    await fc.assert(
      fc.asyncProperty(all, async ({ request, answerProblems }) => {
        const response = await send(server().origin, request);
        expect(await disagreement(response, request, answerProblems)).toStrictEqual([]);
      }),
      { seed, numRuns },
    );
  });
});
