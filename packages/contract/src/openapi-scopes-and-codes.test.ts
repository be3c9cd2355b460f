import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors.js';
import { openApiDocument } from './openapi.js';
import { ErrorSchema } from './schemas.js';

interface Operation {
  operationId: string;
  'x-required-scopes'?: string[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const operations = Object.values(openApiDocument.paths).flatMap((path) =>
  Object.values(path as Record<string, Operation>),
);

describe('what the contract gate compares, stated in the document', () => {
  it("gives each operation the scopes a key needs as x-required-scopes, its route's metadata.scope", () => {
    expect(
      operations.map((operation) => [operation.operationId, operation['x-required-scopes']]),
    ).toStrictEqual([
      ['listPets', ['pets:read']],
      ['createPet', ['pets:write']],
      ['getPet', ['pets:read']],
      ['listApiKeys', ['keys:manage']],
      ['createApiKey', ['keys:manage']],
      ['getCurrentApiKey', []],
      ['revokeApiKey', ['keys:manage']],
      ['updateApiKey', ['keys:manage']],
      ['getApiKeyUsage', ['keys:manage']],
      ['rotateApiKey', ['keys:manage']],
      ['listAuditEvents', ['keys:manage']],
    ]);
  });

  it('lists every code of ERROR_CODES, in order, on the one Error schema, as an extensible set', () => {
    const code = openApiDocument.components?.schemas?.Error as {
      properties: { code: Record<string, unknown> };
    };
    expect(code.properties.code['x-extensible-enum']).toStrictEqual(Object.keys(ERROR_CODES));
    // A closed enum would make generated clients refuse a code added within v1.
    expect(code.properties.code).not.toHaveProperty('enum');
  });

  it('refers every error response to that schema, so the codes are stated once', () => {
    const errorResponses = operations.flatMap((operation) =>
      Object.entries(operation.responses).filter(([status]) => /^[45]/.test(status)),
    );
    expect(errorResponses.length).toBeGreaterThan(40);
    for (const [status, response] of errorResponses) {
      expect(response.content?.['application/json']?.schema, status).toStrictEqual({
        $ref: '#/components/schemas/Error',
      });
    }
  });

  it("keeps the contract's own Error type open: a client reads a code added after it was built", () => {
    const later = { code: 'a_code_added_later', message: 'Something new.', status: 409 };
    expect(ErrorSchema.parse(later)).toStrictEqual(later);
  });
});
