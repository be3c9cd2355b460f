import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchChromium } from './support/chromium.js';
import { keysApi } from './support/keys-api.js';
import { type StoreProcess, startStore } from './support/store-process.js';

/**
 * Two instances of one store (two processes on one SQLite file). A key revoked on one is still trusted by the
 * other for its cache time (up to 10 s, decision 044): sign-in there must refuse it all the same, as only an
 * active key signs in.
 */
describe('signing in with a key revoked on another instance of the store', () => {
  const folder = mkdtempSync(join(tmpdir(), 'animal-store-two-instances-'));
  const shared = { DATABASE_URL: `file:${join(folder, 'store.db')}` };
  let signingIn: StoreProcess;
  let revoking: StoreProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // One after the other: the first prepares the database the second then finds ready.
    signingIn = await startStore(shared);
    [revoking, browser] = await Promise.all([startStore(shared), launchChromium()]);
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([signingIn?.stop(), revoking?.stop()]);
    rmSync(folder, { recursive: true, force: true });
  });

  it('is refused with the wrong-key message, while that instance still trusts the key', async () => {
    const api = keysApi(signingIn.origin);
    const key = await api.create(signingIn.apiKey, { name: 'revoked elsewhere', scopes: ['pets:read'] });
    // The instance the admin signs in to has verified the key, and trusts it for its cache time.
    const known = await api.current(key);
    expect(known?.state).toBe('active');
    await keysApi(revoking.origin).revoke(revoking.apiKey, known?.id ?? 0);
    // Within the window the key still reads the catalogue there: the documented price of the cache.
    expect(
      (await fetch(`${signingIn.origin}/v1/pets`, { headers: { authorization: `Bearer ${key}` } })).status,
    ).toBe(200);

    await page.goto(`${signingIn.origin}/admin/`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('This API key is not valid for this store. Check it and try again.');
    expect(await page.getByRole('heading', { name: 'Catalogue' }).count()).toBe(0);
  });
});
