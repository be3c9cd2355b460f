import { contract } from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { servedContract } from './served-contract.js';

const headersOf = (route: { headers?: unknown }) => route.headers as z.ZodTypeAny | undefined;

describe('the contract as the server validates it', () => {
  it('leaves the Authorization header to requireApiKey, which the public contract still declares', () => {
    expect(headersOf(servedContract.listPets)).toBeUndefined();
    expect(headersOf(servedContract.getPet)).toBeUndefined();
    expect(headersOf(servedContract.createPet)?.safeParse({}).success).toBe(true);
    for (const route of [contract.listPets, contract.createPet, contract.getPet]) {
      expect(headersOf(route)?.safeParse({}).success).toBe(false);
    }
  });

  it("still validates createPet's Idempotency-Key", () => {
    const headers = headersOf(servedContract.createPet);
    expect(headers?.safeParse({ 'idempotency-key': 'has spaces' }).success).toBe(false);
    expect(headers?.safeParse({ 'idempotency-key': 'order-42' }).success).toBe(true);
  });

  it('serves every operation at the same path and method, under /v1', () => {
    for (const name of ['listPets', 'createPet', 'getPet'] as const) {
      expect(servedContract[name].path).toBe(`/v1${contract[name].path}`);
      expect(servedContract[name].method).toBe(contract[name].method);
    }
  });
});
