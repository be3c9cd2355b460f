import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { auditEvent } from './audit-test-events';

const PRODUCTION = { name: 'production', baseUrl: 'https://production.example.test/v1' };
const MANAGER = {
  id: 2,
  name: 'admin browser',
  prefix: 'as_Mg12Cd',
  scopes: ['pets:read', 'pets:write', 'keys:manage'],
  state: 'active',
  configured: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  deprecatedCallAt: null,
  revokedAt: null,
  rotatedAt: null,
  replaces: null,
  rateLimitPerMinute: null,
  allowedNetworks: null,
};
const PIPELINE = { ...MANAGER, id: 3, name: 'ci pipeline', prefix: 'as_Ci34Ef', scopes: ['pets:read'] };

/** The audit-events requests the screen made, by their query; the first page links to a second. */
const asked: URLSearchParams[] = [];
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });
function answer(url: URL) {
  if (url.pathname.endsWith('/config.json')) return json({ environments: [PRODUCTION] });
  if (url.pathname.endsWith('/api-keys/current')) return json(MANAGER);
  if (url.pathname.endsWith('/api-keys')) return json([PIPELINE, MANAGER]);
  if (url.pathname.endsWith('/audit-events')) {
    asked.push(url.searchParams);
    if (url.searchParams.get('cursor') === 'older')
      return json([auditEvent(1, { action: 'api_key.created', successorId: null })]);
    const next = new URL(url);
    next.searchParams.set('cursor', 'older');
    return json([auditEvent(2)], { link: `<${next}>; rel="next"` });
  }
  return json([]);
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input), 'https://admin.example.test/'))),
  );
  sessionStorage.setItem(
    'animal-store.admin.signed-in',
    JSON.stringify({ apiKey: 'key-of-production', environment: PRODUCTION }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  asked.length = 0;
});

const history = () => screen.getByRole('region', { name: 'History' });

describe('the History screen', () => {
  it('lists the events newest first in plain words and loads older ones from the next link', async () => {
    render(<App />);
    await userEvent.click(await screen.findByRole('button', { name: 'History' }));
    await screen.findByText('Showing 1 event; older ones follow.');
    const rows = () =>
      within(history())
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(rows()).toStrictEqual([
      expect.stringMatching(
        /^admin browser rotated “ci pipeline” \(as_Ci34Ef…\), replaced by key 9 at .+ from 203\.0\.113\.7$/,
      ),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Showing 2 events.');
    expect(rows()[1]).toMatch(/^admin browser created “ci pipeline” \(as_Ci34Ef…\) at /);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // The button gone with the last page, the focus is on the first event it brought.
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe(rows()[1]));
    expect(asked.map((query) => query.toString())).toStrictEqual(['', 'cursor=older']);
  });

  it('opens from a key’s row narrowed to that key, and sends the filters chosen', async () => {
    render(<App />);
    await userEvent.click(await screen.findByRole('button', { name: 'Keys' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'History of “ci pipeline” (as_Ci34Ef…)' }),
    );
    await screen.findByText(/Only “ci pipeline” \(as_Ci34Ef…\)\./);
    expect(screen.getByRole('button', { name: 'History' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByLabelText('Key') as HTMLSelectElement).value).toBe('3');
    expect(asked.at(-1)?.toString()).toBe('keyId=3');

    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Key revoked');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-20T08:00');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() => expect(asked.at(-1)?.get('action')).toBe('api_key.revoked'));
    expect(Object.fromEntries(asked.at(-1) ?? [])).toStrictEqual({
      keyId: '3',
      action: 'api_key.revoked',
      since: new Date('2026-11-20T08:00').toISOString(),
    });

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await vi.waitFor(() => expect(asked.at(-1)?.toString()).toBe(''));
    expect((screen.getByLabelText('Key') as HTMLSelectElement).value).toBe('');
  });
});
