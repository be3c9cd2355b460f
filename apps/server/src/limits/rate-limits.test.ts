import type { Store as CounterStore } from 'express-rate-limit';
import { describe, expect, it } from 'vitest';
import { sqliteTestDatabase } from '../test-support/databases.js';
import { anError, see } from '../test-support/http-assertions.js';
import { startTestServer } from '../test-support/test-server.js';
import { useTestServer } from '../test-support/use-test-server.js';

describe('rate limits (in-process counters)', () => {
  const server = useTestServer(sqliteTestDatabase, {
    rateLimits: { requestsPerKeyPerMinute: 5, authFailuresPerAddressPerMinute: 3 },
  });

  it('allows a key its budget, then answers 429 with Retry-After and RateLimit headers; other keys go on', async () => {
    const other = await server().store.apiKeys.create('other');
    const statuses = [];
    for (let request = 0; request < 5; request++) statuses.push((await server().request('/v1/pets')).status);
    expect(statuses).toStrictEqual([200, 200, 200, 200, 200]);

    const limited = await server().request('/v1/pets');
    expect(await see(limited)).toStrictEqual(
      anError(429, 'rate_limited', 'More than 5 requests a minute with this API key.'),
    );
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit-policy')).toBe('5;w=60');
    expect(limited.headers.get('ratelimit')).toMatch(/^limit=5, remaining=0, reset=\d+$/);

    const response = await fetch(`${server().baseUrl}/pets`, {
      headers: { authorization: `Bearer ${other.key}` },
    });
    expect(response.status).toBe(200);
  });

  it('limits failed authentications per address, counting only failures, not requests in flight', async () => {
    const fresh = await sqliteTestDatabase.create();
    const guarded = await startTestServer(fresh.config, {
      rateLimits: { requestsPerKeyPerMinute: 1000, authFailuresPerAddressPerMinute: 3 },
    });
    try {
      const concurrent = await Promise.all(Array.from({ length: 20 }, () => guarded.request('/v1/pets')));
      expect(concurrent.map((response) => response.status)).toStrictEqual(Array(20).fill(200));
      const guesses = [];
      for (let guess = 0; guess < 4; guess++) {
        const response = await fetch(`${guarded.baseUrl}/pets`, {
          headers: { authorization: `Bearer guess-${guess}` },
        });
        guesses.push(response.status);
      }
      expect(guesses).toStrictEqual([401, 401, 401, 429]);
      // Blocked, the address cannot confirm a guess either: a valid key gets 429 too.
      const blocked = await guarded.request('/v1/pets');
      expect(await see(blocked)).toStrictEqual(
        anError(429, 'rate_limited', 'Too many failed authentication attempts from this address.'),
      );
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await guarded.close();
      await fresh.drop();
    }
  });

  it('gives a burst of bad keys no more 401s than the limit: counting and deciding are one step', async () => {
    const fresh = await sqliteTestDatabase.create();
    const guarded = await startTestServer(fresh.config, {
      rateLimits: { requestsPerKeyPerMinute: 1000, authFailuresPerAddressPerMinute: 5 },
    });
    try {
      // Keys of the stored shape, each unknown: every one is looked up, none is refused by its shape.
      const burst = await Promise.all(
        Array.from({ length: 200 }, async (_, index) => {
          const key = `as_${String(index).padStart(43, 'x')}`;
          const response = await fetch(`${guarded.baseUrl}/pets`, {
            headers: { authorization: `Bearer ${key}` },
          });
          return response.status;
        }),
      );
      expect(burst.filter((status) => status === 401)).toHaveLength(5);
      expect(burst.filter((status) => status === 429)).toHaveLength(195);
    } finally {
      await guarded.close();
      await fresh.drop();
    }
  });

  it('lets requests through, and logs, when the counter store fails, at once or later', async () => {
    const fresh = await sqliteTestDatabase.create();
    const broken = new Error('counter store down');
    const failing = (how: 'throws' | 'rejects'): CounterStore => {
      const fail = () => {
        if (how === 'throws') throw broken;
        return Promise.reject(broken);
      };
      return { increment: fail, get: fail, decrement: () => {}, resetKey: () => {} };
    };
    for (const how of ['throws', 'rejects'] as const) {
      const server = await startTestServer(fresh.config, { rateLimits: { storeFor: () => failing(how) } });
      try {
        const allowed = await server.request('/v1/pets');
        expect(allowed.status).toBe(200);
        expect(allowed.headers.get('ratelimit')).toBeNull();
        const refused = await fetch(`${server.baseUrl}/pets`, { headers: { authorization: 'Bearer guess' } });
        expect(refused.status).toBe(401);
        expect(server.logLines().map((line) => line.msg)).toContain(
          'rate-limit counter store failed; request allowed',
        );
      } finally {
        await server.close();
      }
    }
    await fresh.drop();
  });
});
