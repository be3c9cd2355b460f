import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors.js';
import { openApiDocument } from './openapi.js';

const committed = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'));

describe('OpenAPI document', () => {
  it('matches the committed openapi.json (run `pnpm --filter @animal-store/contract openapi` after a change)', () => {
    expect(JSON.parse(JSON.stringify(openApiDocument))).toStrictEqual(committed);
  });

  it('names the three operations of the interface, marks getPet deprecated and requires a bearer key', () => {
    const { paths } = openApiDocument;
    const operations = [paths['/pets']?.get, paths['/pets']?.post, paths['/pets/{petId}']?.get];
    expect(
      operations.map((operation) => [operation.operationId, operation.deprecated ?? false]),
    ).toStrictEqual([
      ['listPets', false],
      ['createPet', false],
      ['getPet', true],
    ]);
    for (const operation of operations) expect(operation.responses).toHaveProperty('403');
    expect(openApiDocument.security).toStrictEqual([{ bearerAuth: [] }]);
    expect(openApiDocument.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(openApiDocument.servers?.map((server) => server.url.endsWith('/v1'))).toStrictEqual([true, true]);
  });
});

/** Every value of `key` anywhere in `node`. */
function valuesOf(node: unknown, key: string): unknown[] {
  if (Array.isArray(node)) return node.flatMap((child) => valuesOf(child, key));
  if (!node || typeof node !== 'object') return [];
  const record = node as Record<string, unknown>;
  return [
    ...(key in record ? [record[key]] : []),
    ...Object.values(record).flatMap((child) => valuesOf(child, key)),
  ];
}

describe('OpenAPI 3.0.3 as declared', () => {
  it('passes a standard validator (swagger-parser) as OpenAPI 3.0.3', async () => {
    // The validator dereferences in place: it gets a copy, as a tool reading openapi.json would.
    const validated = await SwaggerParser.validate(structuredClone(committed));
    expect('openapi' in validated && validated.openapi).toBe('3.0.3');
    // CPU-bound work with nothing to wait for: about a second on a quiet core, several times that on two cores
    // shared with ten busy processes.
  }, 60_000);

  it('writes exclusiveMinimum as 3.0 does (a boolean), never as a number (3.1)', () => {
    expect(openApiDocument.openapi).toBe('3.0.3');
    expect(
      valuesOf(openApiDocument, 'exclusiveMinimum').filter((value) => typeof value !== 'boolean'),
    ).toStrictEqual([]);
    // Ids still start at 1.
    expect(JSON.stringify(openApiDocument)).toContain('"type":"integer","minimum":1');
  });
});

describe('response headers', () => {
  type Responses = Record<string, { headers?: Record<string, unknown> }>;
  const responsesOf = (path: string, method: string) =>
    (openApiDocument.paths[path] as Record<string, { responses: Responses }>)[method]?.responses ?? {};
  const headersOf = (path: string, method: string, status: string) =>
    Object.keys(responsesOf(path, method)[status]?.headers ?? {});

  it('declares the headers clients depend on: paging, the new address, limits, retries and the deprecation', () => {
    expect(headersOf('/pets', 'get', '200')).toContain('Link');
    expect(headersOf('/pets', 'post', '201')).toStrictEqual(
      expect.arrayContaining(['Location', 'Idempotent-Replayed', 'RateLimit', 'X-Request-Id']),
    );
    expect(headersOf('/pets', 'get', '429')).toContain('Retry-After');
    expect(headersOf('/pets', 'get', '503')).toContain('Retry-After');
    expect(headersOf('/pets', 'get', '403')).toContain('WWW-Authenticate');
    for (const status of Object.keys(responsesOf('/pets/{petId}', 'get'))) {
      expect(headersOf('/pets/{petId}', 'get', status)).toStrictEqual(
        expect.arrayContaining(['Deprecation', 'Sunset', 'Link']),
      );
    }
  });
});

describe('OpenAPI document for readers', () => {
  it('lists the animals under the Animals tag and the key operations under API keys, each with its scope', () => {
    const operations = Object.values(openApiDocument.paths).flatMap((path) =>
      Object.values(path as Record<string, { operationId: string; tags?: string[]; description?: string }>),
    );
    expect(
      operations.map((operation) => [
        operation.operationId,
        operation.tags,
        /`([a-z]+:[a-z]+)` scope/.exec(operation.description ?? '')?.[1] ?? 'any key',
      ]),
    ).toStrictEqual([
      ['listPets', ['Animals'], 'pets:read'],
      ['createPet', ['Animals'], 'pets:write'],
      ['getPet', ['Animals'], 'pets:read'],
      ['listApiKeys', ['API keys'], 'keys:manage'],
      ['createApiKey', ['API keys'], 'keys:manage'],
      ['getCurrentApiKey', ['API keys'], 'any key'],
      ['revokeApiKey', ['API keys'], 'keys:manage'],
      ['updateApiKey', ['API keys'], 'keys:manage'],
      ['getApiKeyUsage', ['API keys'], 'keys:manage'],
      ['rotateApiKey', ['API keys'], 'keys:manage'],
      ['listAuditEvents', ['API keys'], 'keys:manage'],
    ]);
    expect(openApiDocument.tags?.map((tag) => tag.name)).toStrictEqual(['Animals', 'API keys', 'Errors']);
  });

  it('opens with a short introduction, and says where the errors are: after the operations', () => {
    const description = openApiDocument.info.description ?? '';
    expect(description).toContain('its codes listed after the operations');
    expect(description).not.toContain('| code |');
    expect(description.length).toBeLessThan(200);
  });

  it('states the deprecation with its Sunset date on getPet', () => {
    const getPet = openApiDocument.paths['/pets/{petId}'].get;
    expect([getPet.deprecated, getPet.description]).toStrictEqual([
      true,
      expect.stringContaining('Deprecated: removed on 5 December 2030.'),
    ]);
  });

  it('gives the Error body and a row for every error code in the Errors section', () => {
    const errors = openApiDocument.tags?.find((tag) => tag.name === 'Errors')?.description ?? '';
    expect(errors).toContain('"code": "validation_failed"');
    expect(errors).toContain(`"message": "query parameter 'limit': must be at most 100"`);
    for (const [code, { status, when }] of Object.entries(ERROR_CODES)) {
      expect(errors).toContain(`| \`${code}\` | ${status} | ${when} |`);
    }
  });

  it('says that an operation any key may call is answered 403 only for a network', () => {
    const { responses } = openApiDocument.paths['/api-keys/current'].get;
    expect(responses['403'].description).toBe(
      'The API key is used from outside its allowed networks; any active key may call it, whatever its scopes.',
    );
    expect(openApiDocument.paths['/api-keys'].get.responses['403'].description).toBe(
      'The API key lacks the scope this operation needs, or is used from outside its allowed networks.',
    );
  });
});
