import type { ApiKey } from '@animal-store/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInPage } from './sign-in-page';
import { verifyApiKey } from './verify-api-key';

vi.mock('./verify-api-key', () => ({ verifyApiKey: vi.fn() }));
const verify = vi.mocked(verifyApiKey);

const PRODUCTION = { name: 'production', baseUrl: '/v1' };
const STAGING = { name: 'staging', baseUrl: 'https://staging.example.test/v1' };
const BOTH = [PRODUCTION, STAGING];
const ACCEPTED: ApiKey = {
  id: 'env-1',
  name: 'API_KEYS 1',
  prefix: 'key-',
  scopes: ['pets:read'],
  state: 'active',
  configured: true,
  createdAt: null,
  expiresAt: null,
  lastUsedAt: null,
  deprecatedCallAt: null,
  revokedAt: null,
  rotatedAt: null,
  replaces: null,
  rateLimitPerMinute: null,
  allowedNetworks: null,
};

function renderPage(props: Partial<Parameters<typeof SignInPage>[0]> = {}) {
  const page = {
    environments: BOTH,
    environment: PRODUCTION,
    onEnvironmentChange: vi.fn(),
    onSignedIn: vi.fn(),
    notice: undefined,
    ...props,
  };
  const { rerender } = render(<SignInPage {...page} />);
  return {
    ...page,
    user: userEvent.setup(),
    showEnvironment: (environment: typeof PRODUCTION) =>
      rerender(<SignInPage {...page} environment={environment} />),
  };
}

afterEach(() => verify.mockReset());

describe('SignInPage', () => {
  it('names the environment it signs in to when there is a choice', () => {
    renderPage({ environment: STAGING });
    expect(screen.getByRole('heading').textContent).toBe('Sign in to staging');
  });

  it('names none with a single environment', () => {
    renderPage({ environments: [PRODUCTION] });
    expect(screen.getByRole('heading').textContent).toBe('Sign in');
    expect(screen.queryByLabelText('Environment')).toBeNull();
  });

  it('signs in with the key and the environment that accepted it', async () => {
    verify.mockResolvedValue({ accepted: ACCEPTED });
    const page = renderPage({ environment: STAGING });
    await page.user.type(screen.getByLabelText('API key'), ' key-of-staging');
    await page.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(verify).toHaveBeenCalledExactlyOnceWith(
      STAGING.baseUrl,
      'key-of-staging',
      expect.any(AbortSignal),
    );
    expect(page.onSignedIn).toHaveBeenCalledExactlyOnceWith('key-of-staging', STAGING, ACCEPTED);
  });

  it('forgets a key typed for one environment when another is shown', async () => {
    const page = renderPage();
    await page.user.type(screen.getByLabelText('API key'), 'key-of-production');
    page.showEnvironment(STAGING);
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe('');
    expect(verify).not.toHaveBeenCalled();
  });

  it('never signs in to an environment left while its key was being checked', async () => {
    let answer: (outcome: { accepted: ApiKey }) => void = () => {};
    verify.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const page = renderPage();
    await page.user.type(screen.getByLabelText('API key'), 'key-of-production');
    await page.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button').textContent).toBe('Checking…');
    const signal = verify.mock.calls[0]?.[2];

    page.showEnvironment(STAGING);
    expect(signal?.aborted).toBe(true);
    answer({ accepted: ACCEPTED });
    await Promise.resolve();
    expect(page.onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('heading').textContent).toBe('Sign in to staging');
  });

  it('puts the focus on the key when the admin was sent here with a notice', () => {
    renderPage({ notice: 'You were signed out of production.' });
    expect(screen.getByRole('alert').textContent).toBe('You were signed out of production.');
    expect(document.activeElement).toBe(screen.getByLabelText('API key'));
  });
});
