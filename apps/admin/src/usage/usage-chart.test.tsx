import type { ApiKey } from '@animal-store/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, renderWithStore } from '../test-api';
import { UsageChart } from './usage-chart';

const KEY = { id: 5, name: 'partner' } as ApiKey;

/** The store's answer for the range asked: every hour, 2 answered and 1 limited in the newest. */
function usageAnswer(url: URL) {
  const since = Date.parse(url.searchParams.get('since') ?? '');
  const first = since - (since % 3_600_000);
  const count = Math.round((Date.now() - first) / 3_600_000) + 1;
  const hours = Array.from({ length: count }, (_, index) => ({
    hour: new Date(first + index * 3_600_000).toISOString(),
    answered: index === count - 1 ? 2 : 0,
    refused: 0,
    limited: index === count - 1 ? 1 : 0,
    failed: 0,
  }));
  return jsonAnswer({
    keyId: 5,
    since: hours[0]?.hour,
    until: new Date(first + count * 3_600_000).toISOString(),
    hours,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('UsageChart', () => {
  it('asks for the range chosen and says its totals, with every bar in a table that can be shown', async () => {
    const requests = renderWithStore(<UsageChart apiKey={KEY} />, usageAnswer);
    await screen.findByText(
      '3 requests in the last 7 days: 2 answered, none refused, 1 limited, none failed.',
    );
    await userEvent.selectOptions(screen.getByLabelText('Over the last'), '24 hours');
    await screen.findByText(
      '3 requests in the last 24 hours: 2 answered, none refused, 1 limited, none failed.',
    );
    const asked = requests.map(({ url }) => Date.now() - Date.parse(url.searchParams.get('since') ?? ''));
    expect(asked.map((ms) => Math.round(ms / 3_600_000))).toStrictEqual([7 * 24 - 1, 23]);

    const toggle = screen.getByRole('button', { name: 'Show the numbers' });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByRole('table', { name: /^Requests of partner in the last 24 hours/ });
    const rows = within(table).getAllByRole('row').slice(1);
    // An hour a row, newest first: the one with the requests heads the table.
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toStrictEqual(['2', '0', '1', '0']);
  });
});
