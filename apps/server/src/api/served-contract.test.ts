import { contract } from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { servedContract } from './served-contract.js';

const headersOf = (route: { headers?: unknown }) => route.headers as z.ZodTypeAny | undefined;

describe('the contract as the server validates it', () => {
  it('is the published contract: every operation validates the headers it declares, Authorization included', () => {
    for (const name of ['listPets', 'createPet', 'getPet'] as const) {
      expect(servedContract[name].headers).toBe(contract[name].headers);
      expect(headersOf(servedContract[name])?.safeParse({}).success).toBe(false);
    }
  });

  it("validates createPet's Idempotency-Key", () => {
    const headers = headersOf(servedContract.createPet);
    const authorization = 'Bearer some-key';
    expect(headers?.safeParse({ authorization, 'idempotency-key': 'has spaces' }).success).toBe(false);
    expect(headers?.safeParse({ authorization, 'idempotency-key': 'order-42' }).success).toBe(true);
  });

  it('serves every operation at the same path and method, under /v1', () => {
    for (const name of ['listPets', 'createPet', 'getPet'] as const) {
      expect(servedContract[name].path).toBe(`/v1${contract[name].path}`);
      expect(servedContract[name].method).toBe(contract[name].method);
    }
  });
});
