import { type ApiKey, LASTING_MANAGER_HOURS } from '@animal-store/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, renderWithStore } from '../test-api';
import { KeyTable } from './key-table';

/** A week of hours with `answered` requests in the last one and one refusal in the first. */
const usageOf = (url: URL) => {
  const keyId = Number(url.pathname.split('/').at(-2));
  const start = Date.parse('2026-11-19T10:00:00.000Z');
  const hours = Array.from({ length: 168 }, (_, hour) => ({
    hour: new Date(start + hour * 3_600_000).toISOString(),
    answered: hour === 167 ? 1203 : 0,
    refused: hour === 0 ? 1 : 0,
    limited: 0,
    failed: 0,
  }));
  return jsonAnswer({ keyId, since: hours[0]?.hour, until: '2026-11-26T10:00:00.000Z', hours });
};
const renderTable = (ui: Parameters<typeof renderWithStore>[0]) => renderWithStore(ui, usageOf);

afterEach(() => vi.unstubAllGlobals());

const key = (id: number, scopes: ApiKey['scopes'], state: ApiKey['state'] = 'active'): ApiKey => ({
  id,
  name: `key ${id}`,
  prefix: `as_key${id}`,
  scopes,
  state,
  configured: false,
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  deprecatedCallAt: null,
  revokedAt: state === 'revoked' ? '2026-11-26T11:00:00.000Z' : null,
  rotatedAt: null,
  replaces: null,
  rateLimitPerMinute: null,
  allowedNetworks: null,
});

const configured: ApiKey = {
  ...key(0, ['pets:read', 'pets:write', 'keys:manage']),
  id: 'env-1',
  configured: true,
};

function revokeButtons(keys: ApiKey[], signedInKeyId: ApiKey['id']) {
  renderTable(
    <KeyTable
      keys={keys}
      caption="keys"
      signedInKeyId={signedInKeyId}
      busy={false}
      onRevoke={() => {}}
      onRotate={() => {}}
      onShowHistory={() => {}}
      onShowDetails={() => {}}
    />,
  );
  return screen.queryAllByRole('button', { name: /^Revoke/ }).map((button) => button.textContent);
}

describe('KeyTable', () => {
  it('offers no Revoke for the last active stored key that manages keys, signed in with it or not, and says why', () => {
    const keys = [key(1, ['keys:manage']), key(2, ['pets:read']), key(3, ['keys:manage'], 'revoked')];
    for (const signedIn of [1, 2]) {
      expect(revokeButtons(keys, signedIn)).toStrictEqual(['Revoke “key 2” (as_key2…)']);
      expect(screen.getByText(/The last key that can manage keys/)).toBeTruthy();
      cleanup();
    }
  });

  it('offers Revoke while another active key manages keys, or a key of the server settings does', () => {
    const two = [key(1, ['keys:manage']), key(2, ['keys:manage', 'pets:read'])];
    expect(revokeButtons(two, 1)).toStrictEqual(['Revoke “key 1” (as_key1…)', 'Revoke “key 2” (as_key2…)']);
    cleanup();
    expect(revokeButtons([key(1, ['keys:manage']), configured], 1)).toStrictEqual([
      'Revoke “key 1” (as_key1…)',
    ]);
    expect(screen.queryByText(/The last key that can manage keys/)).toBeNull();
  });

  it('keeps Revoke from the last manager that lasts, as the store does: a rotated one or one expiring within a day does not count', () => {
    const soon = new Date(Date.now() + (LASTING_MANAGER_HOURS - 1) * 3_600_000).toISOString();
    const later = new Date(Date.now() + (LASTING_MANAGER_HOURS + 1) * 3_600_000).toISOString();
    const expiringSoon = { ...key(2, ['keys:manage']), expiresAt: soon };
    const rotated = { ...key(3, ['keys:manage']), rotatedAt: '2026-11-26T12:00:00.000Z', expiresAt: later };
    // Key 1 is the one manager that lasts: the others would leave nobody, so they may go; key 1 may not.
    expect(revokeButtons([key(1, ['keys:manage']), expiringSoon, rotated], 1)).toStrictEqual([
      'Revoke “key 2” (as_key2…)',
      'Revoke “key 3” (as_key3…)',
    ]);
    cleanup();
    // No manager lasts: the store refuses every manager's revocation.
    expect(revokeButtons([expiringSoon, rotated, key(4, ['pets:read'])], 2)).toStrictEqual([
      'Revoke “key 4” (as_key4…)',
    ]);
    cleanup();
    // A manager that lasts beyond the bound counts.
    expect(revokeButtons([key(1, ['keys:manage']), { ...expiringSoon, expiresAt: later }], 1)).toStrictEqual([
      'Revoke “key 1” (as_key1…)',
      'Revoke “key 2” (as_key2…)',
    ]);
  });

  it('says which key a successor replaces and when the rotated key stops, and offers no second rotation', () => {
    const old = {
      ...key(3, ['pets:read']),
      rotatedAt: '2026-11-26T12:00:00.000Z',
      expiresAt: '2026-11-27T12:00:00.000Z',
    };
    const successor = { ...key(4, ['pets:read']), replaces: 3 };
    renderTable(
      <KeyTable
        keys={[successor, old]}
        caption="keys"
        signedInKeyId={1}
        busy={false}
        onRevoke={() => {}}
        onRotate={() => {}}
        onShowHistory={() => {}}
        onShowDetails={() => {}}
      />,
    );
    expect(screen.getByText('replaces as_key3…')).toBeTruthy();
    expect(screen.getByText(/^rotated: stops/)).toBeTruthy();
    expect(
      screen.getAllByRole('button', { name: /^Rotate/ }).map((button) => button.textContent),
    ).toStrictEqual(['Rotate “key 4” (as_key4…)']);
  });

  it("shows each key's limit, networks and last week's requests, and asks for no usage of a configured key", async () => {
    const partner = {
      ...key(5, ['pets:read']),
      rateLimitPerMinute: 1200,
      allowedNetworks: ['203.0.113.0/24'],
    };
    const requests = renderTable(
      <KeyTable
        keys={[partner, key(6, ['pets:read']), configured]}
        caption="keys"
        signedInKeyId={1}
        busy={false}
        onRevoke={() => {}}
        onRotate={() => {}}
        onShowHistory={() => {}}
        onShowDetails={() => {}}
      />,
    );
    const row = (name: string) =>
      screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr');
    const cell = (name: string, label: string) =>
      row(name)?.querySelector(`td[data-label="${label}"]`)?.textContent ?? '';
    const policy = (name: string) => row(name)?.querySelector('.key-policy')?.textContent;
    expect(policy('key 5')).toBe('Limit: 1,200 a minuteNetworks: 1 range');
    expect(policy('key 6')).toBe('Limit: defaultNetworks: any');
    await within(row('key 5') as HTMLElement).findByText(
      '1,204 requests in the last 7 days: 1,203 answered, 1 refused, none limited, none failed.',
    );
    expect(cell('key 0', 'Last used')).toBe("neverUsage not counted for a key of the server's settings");
    expect(requests.map(({ url }) => url.pathname).sort()).toStrictEqual([
      '/v1/api-keys/5/usage',
      '/v1/api-keys/6/usage',
    ]);
  });
});
