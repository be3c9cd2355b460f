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

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      sent.push(`${url} ${new Headers(init?.headers).get('authorization') ?? '-'}`);
      return url.endsWith('/config.json') ? json({ environments: [PRODUCTION, STAGING] }) : json([]);
    }),
  );
  sessionStorage.setItem(SIGNED_IN, JSON.stringify({ apiKey: 'key-of-production', environment: PRODUCTION }));
  sessionStorage.setItem('animal-store.admin.environment', 'production');
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  sent.length = 0;
});

describe('App', () => {
  it('signs out on a switch of environment and sends the key to no other address', async () => {
    render(<App />);
    await screen.findByText('No animals in the catalogue yet');
    expect(sent.filter((request) => request.startsWith(PRODUCTION.baseUrl))).toStrictEqual([
      `${PRODUCTION.baseUrl}/pets?limit=20 Bearer key-of-production`,
    ]);

    await userEvent.selectOptions(screen.getByLabelText('Environment'), 'staging');
    await screen.findByRole('heading', { name: 'Sign in to staging' });
    expect(screen.getByRole('alert').textContent).toBe(
      'You were signed out of production, because each environment has its own API key. Sign in to staging with its key.',
    );
    expect(sessionStorage.getItem(SIGNED_IN)).toBeNull();
    expect(sent.filter((request) => request.includes('key-of-production'))).toStrictEqual([
      `${PRODUCTION.baseUrl}/pets?limit=20 Bearer key-of-production`,
    ]);
    expect(sent.filter((request) => request.startsWith(STAGING.baseUrl))).toStrictEqual([]);
  });
});
