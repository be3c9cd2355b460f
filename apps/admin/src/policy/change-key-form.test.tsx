import type { ApiKey } from '@animal-store/contract';
import { FIELD_MESSAGES } from '@animal-store/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, renderWithStore } from '../test-api';
import { ChangeKeyForm } from './change-key-form';

const PARTNER: ApiKey = {
  id: 5,
  name: 'partner',
  prefix: 'as_Pa12Rt',
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
  rateLimitPerMinute: 60,
  allowedNetworks: ['203.0.113.0/24'],
};

const error = (code: string, message: string, status: number) =>
  jsonAnswer({ code, message, status }, status);

/** The form over a store that answers each PATCH with `answer`; the bodies it was sent. */
function formOver(answer: (body: Record<string, unknown>) => Response) {
  const requests = renderWithStore(<ChangeKeyForm apiKey={PARTNER} />, (url, init) => {
    if (init?.method !== 'PATCH' || url.pathname !== '/v1/api-keys/5') return jsonAnswer([]);
    return answer(JSON.parse(String(init.body)));
  });
  return () =>
    requests.filter(({ init }) => init?.method === 'PATCH').map(({ init }) => JSON.parse(String(init?.body)));
}

afterEach(() => vi.unstubAllGlobals());

describe('ChangeKeyForm', () => {
  it("shows the key's policy, and sends only the fields changed, an emptied one as null", async () => {
    const sent = formOver((body) => jsonAnswer({ ...PARTNER, ...body }));
    expect(screen.getByLabelText('Rate limit (optional)')).toHaveProperty('value', '60');
    expect(screen.getByLabelText('Allowed networks (optional)')).toHaveProperty('value', '203.0.113.0/24');
    await userEvent.clear(screen.getByLabelText('Rate limit (optional)'));
    await userEvent.type(screen.getByLabelText('Allowed networks (optional)'), '{Enter}2001:db8::/32');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/^Saved\./);
    expect(sent()).toStrictEqual([
      { rateLimitPerMinute: null, allowedNetworks: ['203.0.113.0/24', '2001:db8::/32'] },
    ]);
  });

  it("puts the store's message about a range on the networks box, naming the range", async () => {
    const message = `body field 'allowedNetworks.1': ${FIELD_MESSAGES.networkHostBitsSet}`;
    formOver(() => error('validation_failed', message, 400));
    await userEvent.type(screen.getByLabelText('Allowed networks (optional)'), '{Enter}10.0.0.1/8');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const box = screen.getByLabelText('Allowed networks (optional)');
    await screen.findByText(`10.0.0.1/8: ${FIELD_MESSAGES.networkHostBitsSet}`);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toMatch(/-allowedNetworks-error$/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks a limit as typed, before asking the store', async () => {
    const sent = formOver(() => jsonAnswer(PARTNER));
    await userEvent.clear(screen.getByLabelText('Rate limit (optional)'));
    await userEvent.type(screen.getByLabelText('Rate limit (optional)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(FIELD_MESSAGES.notRateLimit)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Rate limit (optional)'));
    expect(sent()).toStrictEqual([]);
  });

  it('says a refusal by the last-manager rule in plain words', async () => {
    formOver(() => error('last_key_manager', 'This change would leave no active key…', 409));
    await userEvent.clear(screen.getByLabelText('Allowed networks (optional)'));
    await userEvent.type(screen.getByLabelText('Allowed networks (optional)'), '198.51.100.0/24');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^This change would leave no active key that can manage keys.*Allow this address/,
    );
  });
});
