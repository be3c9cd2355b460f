import { describe, expect, it } from 'vitest';
import { expiryProblem } from './key-expiry.js';
import { FIELD_MESSAGES } from './messages.js';

const now = new Date('2026-11-26T12:00:00Z');

describe('expiryProblem', () => {
  it.each([
    ['2026-11-26T12:00:01Z', undefined],
    ['2026-11-26T13:00:00+01:00', FIELD_MESSAGES.expiryNotFuture],
    ['2026-11-26T12:00:00Z', FIELD_MESSAGES.expiryNotFuture],
    ['2028-11-25T12:00:00Z', undefined],
    ['2028-11-25T12:00:01Z', FIELD_MESSAGES.expiryTooFar],
    ['9999-12-31T23:59:59Z', FIELD_MESSAGES.expiryTooFar],
    ['+010000-01-01T00:00:00Z', FIELD_MESSAGES.expiryTooFar],
    ['-000001-01-01T00:00:00Z', FIELD_MESSAGES.expiryNotFuture],
    ['not a date', FIELD_MESSAGES.notDateTime],
  ])('judges %s at noon on 26 Nov 2026: %s', (expiresAt, problem) => {
    expect(expiryProblem(expiresAt, now)).toBe(problem);
  });
});
