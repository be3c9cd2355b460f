import { describe, expect, it } from 'vitest';
import { usageSummary } from './usage-words';

describe('usageSummary', () => {
  it('says the totals of each kind, none for a zero', () => {
    expect(usageSummary({ answered: 1180, refused: 12, limited: 12, failed: 0 }, 'the last 7 days')).toBe(
      '1,204 requests in the last 7 days: 1,180 answered, 12 refused, 12 limited, none failed.',
    );
    expect(usageSummary({ answered: 1, refused: 0, limited: 0, failed: 0 }, 'the last 24 hours')).toBe(
      '1 request in the last 24 hours: 1 answered, none refused, none limited, none failed.',
    );
  });

  it('says so when there were no requests at all', () => {
    expect(usageSummary({ answered: 0, refused: 0, limited: 0, failed: 0 }, 'the last 90 days')).toBe(
      'No requests in the last 90 days.',
    );
  });
});
