import { describe, expect, it } from 'vitest';
import { CreationAttempt } from './creation-attempt';

describe('CreationAttempt', () => {
  it('re-uses the key for a retry of the same values, and only then', () => {
    const attempt = new CreationAttempt();
    const first = attempt.keyFor({ name: 'Rex', categoryId: 1 });
    // The client's own kind of key: a random UUID, as the client's retries send.
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(attempt.keyFor({ name: 'Rex', categoryId: 1 })).toBe(first);
    expect(attempt.keyFor({ name: 'Rex', categoryId: 2 })).not.toBe(first);
  });

  it('starts a new key once the animal was added, even for the same values', () => {
    const attempt = new CreationAttempt();
    const first = attempt.keyFor({ name: 'Rex', categoryId: 1 });
    attempt.succeeded();
    expect(attempt.keyFor({ name: 'Rex', categoryId: 1 })).not.toBe(first);
  });
});
