import type { AppRoute } from '@ts-rest/core';
import type { OperationExample, OperationId } from './openapi-examples.js';
import { dayInWords, GET_PET_SUNSET } from './rules.js';

/** A request as a reader copies it: the `x-codeSamples` entry that Scalar and Redoc show beside an operation. */
export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** `idempotency-key` as people write it: `Idempotency-Key`. */
const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash, letter) => dash + letter.toUpperCase());

/** Quoted for a POSIX shell: inside single quotes nothing is expanded. */
const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The request in curl, from the route's method and path and the example's values. */
function curl(route: AppRoute, example: OperationExample): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => String(example.pathParams?.[name]));
  const query = example.query
    ? `?${new URLSearchParams(Object.entries(example.query).map(([name, value]): [string, string] => [name, String(value)]))}`
    : '';
  const lines = [`curl "$ANIMAL_STORE_URL${path}${query}"`];
  if (route.method !== 'GET') lines.push(`--request ${route.method}`);
  lines.push('--header "Authorization: Bearer $ANIMAL_STORE_API_KEY"');
  for (const [name, value] of Object.entries(example.headers ?? {})) {
    lines.push(`--header ${shellQuoted(`${headerName(name)}: ${value}`)}`);
  }
  if (example.body !== undefined) {
    lines.push(
      "--header 'Content-Type: application/json'",
      `--data ${shellQuoted(JSON.stringify(example.body))}`,
    );
  }
  return lines.join(' \\\n  ');
}

/** A value as a JavaScript literal, as people write one: `{ status: 'available', limit: 20 }`. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value && typeof value === 'object') {
    const fields = Object.entries(value).map(([name, field]) => {
      const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name);
      return `${key}: ${literal(field)}`;
    });
    return `{ ${fields.join(', ')} }`;
  }
  return String(value);
}

/** Each operation as a call of `@animal-store/client`, with the example's values, line by line. */
const CLIENT_CALLS: Record<OperationId, (example: OperationExample) => string[]> = {
  listPets: ({ query }) => [
    '// Follows the next link to the last page.',
    `for await (const pet of client.pets.list(${literal(query)})) {`,
    '  console.log(pet.id, pet.name);',
    '}',
  ],
  createPet: ({ body }) => [
    '// Sends an Idempotency-Key of its own and reuses it on a retry: a retried create never adds twice.',
    `const pet = await client.pets.create(${literal(body)});`,
  ],
  getPet: ({ pathParams }) => [
    `// Deprecated: removed on ${dayInWords(GET_PET_SUNSET)}; use client.pets.list.`,
    `const pet = await client.pets.get(${pathParams?.petId});`,
  ],
  listApiKeys: () => ['const keys = await client.apiKeys.list();'],
  getCurrentApiKey: () => ['const key = await client.apiKeys.current();'],
  createApiKey: ({ body }) => [
    `const created = await client.apiKeys.create(${literal(body)});`,
    '// The secret, shown only this once: store it now.',
    'console.log(created.key);',
  ],
  revokeApiKey: ({ pathParams }) => [`const revoked = await client.apiKeys.revoke(${pathParams?.keyId});`],
  updateApiKey: ({ pathParams, body }) => [
    `const changed = await client.apiKeys.update(${pathParams?.keyId}, ${literal(body)});`,
  ],
  getApiKeyUsage: ({ pathParams, query }) => [
    `const usage = await client.apiKeys.usage(${pathParams?.keyId}, ${literal(query)});`,
    'for (const hour of usage.hours) console.log(hour.hour, hour.answered, hour.refused, hour.limited, hour.failed);',
  ],
  rotateApiKey: ({ pathParams, body }) => [
    `const successor = await client.apiKeys.rotate(${pathParams?.keyId}, ${literal(body)});`,
    'console.log(successor.key);',
  ],
  listAuditEvents: ({ query }) => [
    '// Newest first; follows the next link to the oldest event.',
    `for await (const event of client.auditEvents.list(${literal(query)})) {`,
    '  console.log(event.at, event.action, event.outcome, event.actor.name);',
    '}',
  ],
};

const CLIENT_SETUP = [
  "import { createAnimalStoreClient } from '@animal-store/client';",
  '',
  'const client = createAnimalStoreClient({',
  '  baseUrl: process.env.ANIMAL_STORE_URL, // e.g. https://api.animal-store.example/v1',
  '  apiKey: process.env.ANIMAL_STORE_API_KEY,',
  '});',
  '',
];

/** The operation's request in curl and with the client package, both with its example's values. */
export function codeSamples(
  operationId: OperationId,
  route: AppRoute,
  example: OperationExample,
): CodeSample[] {
  return [
    { lang: 'Shell', label: 'curl', source: curl(route, example) },
    {
      lang: 'JavaScript',
      label: '@animal-store/client',
      source: [...CLIENT_SETUP, ...CLIENT_CALLS[operationId](example), ''].join('\n'),
    },
  ];
}
