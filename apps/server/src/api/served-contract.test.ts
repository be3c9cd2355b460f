import { contract } from '@animal-store/contract';
import { validateMultiSchemaObject } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { servedContract } from './served-contract.js';

/** Whether the route's headers accept `headers`, checked as the server checks them: by ts-rest. */
const acceptsHeaders = (route: { headers?: unknown }, headers: Record<string, string>) =>
  validateMultiSchemaObject(headers, route.headers as Parameters<typeof validateMultiSchemaObject>[1])
    .error === undefined;

describe('the contract as the server validates it', () => {
  it('is the published contract: every operation validates the headers it declares, Authorization included', () => {
    for (const name of ['listPets', 'createPet', 'getPet'] as const) {
      const served = servedContract[name].headers as unknown as z.ZodObject;
      expect(served).toBeInstanceOf(z.ZodObject);
      // The same fields, each checked by the very schema the contract publishes.
      expect(Object.keys(served.shape)).toStrictEqual(Object.keys(contract[name].headers));
      for (const [field, schema] of Object.entries(contract[name].headers)) {
        expect(served.shape[field]).toBe(schema);
      }
      expect(acceptsHeaders(servedContract[name], {})).toBe(false);
    }
  });

  it('names a missing or malformed header by its field, as the separate schemas did', () => {
    const separately = validateMultiSchemaObject(
      { 'idempotency-key': 'has spaces' },
      contract.createPet.headers,
    );
    const together = validateMultiSchemaObject(
      { 'idempotency-key': 'has spaces' },
      servedContract.createPet.headers as Parameters<typeof validateMultiSchemaObject>[1],
    );
    const issues = (result: typeof separately) =>
      (result.error as { issues: { path: unknown; message: string }[] }).issues.map(({ path, message }) => ({
        path,
        message,
      }));
    expect(issues(together)).toStrictEqual(issues(separately));
    expect(issues(together).map((issue) => issue.path)).toStrictEqual([
      ['authorization'],
      ['idempotency-key'],
    ]);
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
