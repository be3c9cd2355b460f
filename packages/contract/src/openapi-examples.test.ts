import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ERROR_CODES } from './errors.js';
import { MAX_SAFE_ID } from './limits.js';
import { openApiDocument } from './openapi.js';
import { OPERATION_EXAMPLES, type OperationId } from './openapi-examples.js';
import { storeContract } from './store-contract.js';

interface MediaType {
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  operationId: OperationId;
  parameters?: Array<{ in: string; name: string; example?: unknown }>;
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { description: string; content?: Record<string, MediaType> }>;
  'x-codeSamples'?: Array<{ lang: string; label: string; source: string }>;
}

const operations = Object.values(openApiDocument.paths).flatMap((path) =>
  Object.values(path as Record<string, Operation>),
);

/** Every example a media type gives, however it gives it. */
const examplesOf = (media: MediaType | undefined): unknown[] => [
  ...(media && 'example' in media ? [media.example] : []),
  ...Object.values(media?.examples ?? {}).map(({ value }) => value),
];

const shapeOf = (schema: unknown) => (schema as z.ZodObject).shape;

describe('the examples of the OpenAPI document', () => {
  it('cover all eight operations', () => {
    expect(operations.map(({ operationId }) => operationId).sort()).toStrictEqual(
      Object.keys(storeContract).sort(),
    );
  });

  it('give an example for each parameter a tool may fill in safely, and only for those', () => {
    const parameters = operations.flatMap(({ parameters = [] }) => parameters);
    expect(
      Object.fromEntries(parameters.map(({ name, example }) => [name, example ?? 'none'])),
    ).toStrictEqual({
      limit: 20,
      status: 'available',
      cursor: 'none',
      'idempotency-key': 'none',
      'if-none-match': 'none',
      petId: 1042,
      keyId: 'none',
      // A filled-in filter would hide events a reader expects to see.
      action: 'none',
      since: 'none',
      until: 'none',
    });
  });

  it.each(operations)(
    '$operationId: every parameter example is one its contract schema accepts',
    (operation) => {
      const route = storeContract[operation.operationId];
      const locations: Record<string, unknown> = {
        path: 'pathParams' in route ? route.pathParams : undefined,
        query: 'query' in route ? route.query : undefined,
        header: route.headers,
      };
      for (const parameter of operation.parameters ?? []) {
        if (parameter.example === undefined) continue;
        const schema = shapeOf(locations[parameter.in])[parameter.name] as z.ZodTypeAny;
        // Parameters travel as text, which is what the contract's schemas read.
        expect(schema.safeParse(String(parameter.example)).error, parameter.name).toBeUndefined();
      }
    },
  );

  it.each(operations)(
    '$operationId: the request the samples send is one the contract accepts',
    (operation) => {
      const route = storeContract[operation.operationId];
      const example = OPERATION_EXAMPLES[operation.operationId];
      const body = operation.requestBody?.content['application/json'];
      expect(body === undefined ? [] : examplesOf(body)).toStrictEqual(
        example.body === undefined ? [] : [example.body],
      );
      if ('body' in route && example.body !== undefined) {
        expect((route.body as z.ZodTypeAny).safeParse(example.body).error).toBeUndefined();
      }
      if ('query' in route) {
        expect((route.query as z.ZodTypeAny).safeParse(example.query ?? {}).error).toBeUndefined();
      }
    },
  );

  it.each(operations)(
    '$operationId: every response has an example its contract schema accepts',
    (operation) => {
      const route = storeContract[operation.operationId];
      for (const [status, response] of Object.entries(operation.responses)) {
        const examples = examplesOf(response.content?.['application/json']);
        // A 304 has no body to give an example of.
        if (status === '304') {
          expect(response.content, status).toBeUndefined();
          continue;
        }
        expect(examples.length, status).toBeGreaterThan(0);
        const schema = route.responses[Number(status) as keyof typeof route.responses] as z.ZodTypeAny;
        for (const example of examples) {
          expect(schema.safeParse(example).error, status).toBeUndefined();
          if (!status.startsWith('2')) {
            const { code, status: stated } = example as { code: keyof typeof ERROR_CODES; status: number };
            expect([code in ERROR_CODES, stated, ERROR_CODES[code]?.status]).toStrictEqual([
              true,
              Number(status),
              Number(status),
            ]);
          }
        }
      }
    },
  );

  it('gives no sample a value a generator would pick: the largest id, or text made from a pattern', () => {
    const samples = JSON.stringify(
      operations.map((operation) => [operation.parameters, operation.responses]),
    );
    expect(samples).not.toMatch(new RegExp(`"(example|value)":${MAX_SAFE_ID}`));
    expect(JSON.stringify(OPERATION_EXAMPLES)).not.toContain(String(MAX_SAFE_ID));
    expect(JSON.stringify(OPERATION_EXAMPLES.createPet.body)).toBe(
      '{"name":"Biscuit","categoryId":3,"status":"available"}',
    );
  });
});

describe('the code samples of each operation', () => {
  it.each(operations)('$operationId: a request in curl and with the client package', (operation) => {
    expect(operation['x-codeSamples']?.map(({ lang, label }) => [lang, label])).toStrictEqual([
      ['Shell', 'curl'],
      ['JavaScript', '@animal-store/client'],
    ]);
    const [, client] = operation['x-codeSamples'] ?? [];
    expect(client?.source).toContain("import { createAnimalStoreClient } from '@animal-store/client';");
  });

  it('write the route, its headers and its body as curl takes them', () => {
    const samples = (operationId: OperationId) =>
      operations.find((operation) => operation.operationId === operationId)?.['x-codeSamples'] ?? [];
    expect(samples('createPet')[0]?.source).toBe(
      [
        'curl "$ANIMAL_STORE_URL/pets" \\',
        '  --request POST \\',
        '  --header "Authorization: Bearer $ANIMAL_STORE_API_KEY" \\',
        "  --header 'Idempotency-Key: aa7edaad-26f5-49d1-9b80-3bb4bc6cdffa' \\",
        "  --header 'Content-Type: application/json' \\",
        `  --data '{"name":"Biscuit","categoryId":3,"status":"available"}'`,
      ].join('\n'),
    );
    expect(samples('listPets')[0]?.source).toBe(
      'curl "$ANIMAL_STORE_URL/pets?status=available&limit=20" \\\n' +
        '  --header "Authorization: Bearer $ANIMAL_STORE_API_KEY"',
    );
    expect(samples('revokeApiKey')[0]?.source).toContain(
      'curl "$ANIMAL_STORE_URL/api-keys/7" \\\n  --request DELETE',
    );
    expect(samples('rotateApiKey')[1]?.source).toContain(
      'const successor = await client.apiKeys.rotate(7, { overlapHours: 24 });',
    );
    expect(samples('listPets')[1]?.source).toContain(
      "for await (const pet of client.pets.list({ status: 'available', limit: 20 })) {",
    );
  });
});
