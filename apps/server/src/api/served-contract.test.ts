import { contract } from '@animal-store/contract';
import { validateMultiSchemaObject } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { servedContract } from './served-contract.js';

/** Whether the route's headers accept `headers`, checked as the server checks them: by ts-rest, one by one. */
const acceptsHeaders = (route: { headers?: unknown }, headers: Record<string, string>) =>
  validateMultiSchemaObject(headers, route.headers as Parameters<typeof validateMultiSchemaObject>[1])
    .error === undefined;

describe('the contract as the server validates it', () => {
  it('is the published contract: every operation validates the headers it declares, Authorization included', () => {
    for (const name of ['listPets', 'createPet', 'getPet'] as const) {
      expect(servedContract[name].headers).toBe(contract[name].headers);
      expect(acceptsHeaders(servedContract[name], {})).toBe(false);
    }
  });

  it("validates createPet's Idempotency-Key", () => {
    const authorization = 'Bearer some-key';
    expect(acceptsHeaders(servedContract.createPet, { authorization, 'idempotency-key': 'has spaces' })).toBe(
      false,
    );
    expect(acceptsHeaders(servedContract.createPet, { authorization, 'idempotency-key': 'order-42' })).toBe(
      true,
    );
  });

  it('serves every operation at the same path and method, under /v1', () => {
    for (const name of ['listPets', 'createPet', 'getPet'] as const) {
      expect(servedContract[name].path).toBe(`/v1${contract[name].path}`);
      expect(servedContract[name].method).toBe(contract[name].method);
    }
  });
});
