import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
    expect(openApiDocument.security).toStrictEqual([{ bearerAuth: [] }]);
    expect(openApiDocument.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(openApiDocument.servers?.map((server) => server.url.endsWith('/v1'))).toStrictEqual([true, true]);
  });
});
