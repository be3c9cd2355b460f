import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { collectScope, parseAuditInstant, parseExpiry, parseOverlapHours } from './option-parsers.js';

const EXPIRY_MESSAGE =
  'must be a date and time in ISO 8601 with a time zone, e.g. 2027-01-31T12:00:00Z, ' +
  'or a date such as 2027-01-31 (the end of that day in UTC)';

describe('parseExpiry', () => {
  it('reads a bare date as the last second of that day in UTC', () => {
    expect(parseExpiry('2027-01-31')).toStrictEqual('2027-01-31T23:59:59Z');
    expect(parseExpiry('2028-02-29')).toStrictEqual('2028-02-29T23:59:59Z');
  });

  it('passes a date and time with a time zone on as written', () => {
    expect(parseExpiry('2027-01-31T12:00:00+02:00')).toStrictEqual('2027-01-31T12:00:00+02:00');
    expect(parseExpiry('2027-01-31T12:00Z')).toStrictEqual('2027-01-31T12:00Z');
  });

  it.each(['2027-02-29', '2027-13-01', '2027-1-31', '31/01/2027', '2027-01-31T12:00:00', 'tomorrow', ''])(
    'refuses %j, saying which forms it takes',
    (value) => {
      expect(() => parseExpiry(value)).toThrow(new InvalidArgumentError(EXPIRY_MESSAGE));
    },
  );
});

describe('collectScope', () => {
  it('collects repeated --scope values in order', () => {
    expect(collectScope('keys:manage', collectScope('pets:read'))).toStrictEqual([
      'pets:read',
      'keys:manage',
    ]);
  });

  it("refuses an unknown scope in the store's words", () => {
    expect(() => collectScope('pets:delete')).toThrow(
      new InvalidArgumentError('must be one of pets:read, pets:write, keys:manage'),
    );
  });
});

describe('parseOverlapHours', () => {
  it.each([
    ['0', 0],
    ['720', 720],
  ])('reads %j as %i hours', (value, hours) => {
    expect(parseOverlapHours(value)).toStrictEqual(hours);
  });

  it.each(['721', '-1', '1.5', '1e2', ''])('refuses %j with the range', (value) => {
    expect(() => parseOverlapHours(value)).toThrow(
      new InvalidArgumentError('must be a whole number of hours from 0 to 720'),
    );
  });
});

describe('parseAuditInstant', () => {
  it('reads a bare date as the start of that day in UTC, and passes an instant with a zone on as written', () => {
    expect(parseAuditInstant('2026-11-01')).toStrictEqual('2026-11-01T00:00:00Z');
    expect(parseAuditInstant('2026-11-30T22:30:00+01:00')).toStrictEqual('2026-11-30T22:30:00+01:00');
  });

  it.each(['2027-02-29', '2026-13-01', '2026-11-30T22:30:00', 'yesterday', ''])('refuses %j', (value) => {
    expect(() => parseAuditInstant(value)).toThrow(InvalidArgumentError);
  });
});
