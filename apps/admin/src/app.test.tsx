import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';

const PRODUCTION = { name: 'production', baseUrl: 'https://production.example.test/v1' };
const STAGING = { name: 'staging', baseUrl: 'https://staging.example.test/v1' };
const SIGNED_IN = 'animal-store.admin.signed-in';

/** Every request the app makes, as "<url> <authorization>", answered like a store with no animals. */
const sent: string[] = [];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const READ_ONLY_KEY = {
  id: 7,
  name: 'dashboard',
  prefix: 'as_Ab12Cd',
  scopes: ['pets:read'],
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
let currentKey = READ_ONLY_KEY;
const answer = (url: string) => {
  if (url.endsWith('/config.json')) return json({ environments: [PRODUCTION, STAGING] });
  return json(url.endsWith('/api-keys/current') ? currentKey : []);
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      sent.push(`${url} ${new Headers(init?.headers).get('authorization') ?? '-'}`);
      return answer(url);
    }),
  );
  sessionStorage.setItem(SIGNED_IN, JSON.stringify({ apiKey: 'key-of-production', environment: PRODUCTION }));
  sessionStorage.setItem('animal-store.admin.environment', 'production');
});

afterEach(() => {
  currentKey = READ_ONLY_KEY;
  vi.unstubAllGlobals();
  sessionStorage.clear();
  sent.length = 0;
});

describe('App', () => {
  it('signs out on a switch of environment and sends the key to no other address', async () => {
    render(<App />);
    await screen.findByText('No animals in the catalogue yet');
    const toProduction = [
      `${PRODUCTION.baseUrl}/api-keys/current Bearer key-of-production`,
      `${PRODUCTION.baseUrl}/pets?limit=20 Bearer key-of-production`,
    ];
    expect(sent.filter((request) => request.startsWith(PRODUCTION.baseUrl)).sort()).toStrictEqual(
      toProduction,
    );

    await userEvent.selectOptions(screen.getByLabelText('Environment'), 'staging');
    await screen.findByRole('heading', { name: 'Sign in to staging' });
    expect(screen.getByRole('alert').textContent).toBe(
      'You were signed out of production, because each environment has its own API key. Sign in to staging with its key.',
    );
    expect(sessionStorage.getItem(SIGNED_IN)).toBeNull();
    expect(sent.filter((request) => request.includes('key-of-production')).sort()).toStrictEqual(
      toProduction,
    );
    expect(sent.filter((request) => request.startsWith(STAGING.baseUrl))).toStrictEqual([]);
  });

  it.each([
    { scopes: ['pets:read'], offered: false },
    { scopes: ['pets:read', 'pets:write', 'keys:manage'], offered: true },
  ])(
    'offers the add form and the Keys and History screens only to a key with their scopes: $scopes',
    async (key) => {
      currentKey = { ...READ_ONLY_KEY, scopes: key.scopes };
      sessionStorage.removeItem(SIGNED_IN);
      render(<App />);
      await userEvent.type(await screen.findByLabelText('API key'), 'key-of-production');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      // The sign-in check told the scopes: the first signed-in screen already shows what the key may do.
      await screen.findByRole('heading', { name: 'Catalogue' });
      expect(screen.queryByRole('region', { name: 'Add an animal' }) !== null).toBe(key.offered);
      expect(screen.queryByRole('button', { name: 'Keys' }) !== null).toBe(key.offered);
      expect(screen.queryByRole('button', { name: 'History' }) !== null).toBe(key.offered);
      expect(sent.filter((request) => request.includes('/api-keys/current'))).toHaveLength(1);
    },
  );
});
