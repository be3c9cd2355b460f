import { describe, expect, it } from 'vitest';
import { idempotencyKey, sourceIdentity } from './idempotency-key.js';

describe('idempotencyKey', () => {
  const source = sourceIdentity('/data/pets.ndjson', 'ignored for files');
  const row = { name: 'Rex', categoryId: 1 };

  it('is stable for the same file, line and row', () => {
    expect(idempotencyKey(source, 3, row)).toStrictEqual(idempotencyKey(source, 3, { ...row }));
    expect(idempotencyKey(source, 3, row)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs by line, by row content and by file', () => {
    const key = idempotencyKey(source, 3, row);
    expect(idempotencyKey(source, 4, row)).not.toStrictEqual(key);
    expect(idempotencyKey(source, 3, { ...row, categoryId: 2 })).not.toStrictEqual(key);
    expect(idempotencyKey(sourceIdentity('/data/other.ndjson', ''), 3, row)).not.toStrictEqual(key);
  });

  it('tells stdin inputs apart by their content', () => {
    expect(sourceIdentity('-', 'a')).toStrictEqual(sourceIdentity('-', 'a'));
    expect(sourceIdentity('-', 'a')).not.toStrictEqual(sourceIdentity('-', 'b'));
  });
});
