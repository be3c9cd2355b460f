import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAnimal, tableRows } from './support/catalogue-page.js';
import { type Browser, launchChromium } from './support/chromium.js';
import { type StoreProcess, startStore } from './support/store-process.js';
import { plantSignIn } from './support/tab-session.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));

/** Words that belong to HTTP or to a library, never to a message for an admin. */
const TECHNICAL = /\b\d{3}\b|Retry-After|Authorization|header|Failed to fetch|HTTP|status code/i;

/**
 * Each failure an admin can meet, provoked for real on a store process (tight rate limits, a stopped process), and
 * the words the app shows for it, at a phone's size so that the screenshots show the narrow layout.
 */
describe('failures in plain words', () => {
  const stores: StoreProcess[] = [];
  let browser: Browser;
  let page: Page;

  const alertText = () => page.getByRole('alert').first().textContent();
  const shoot = (name: string) => page.screenshot({ path: `${RESULTS}${name}.png` });
  const signIn = async (store: StoreProcess, key = store.apiKey) => {
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    mkdirSync(RESULTS, { recursive: true });
  });

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.stop()));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('says when to sign in again after too many wrong keys, without blaming the key', async () => {
    const store = await startStore({ AUTH_FAILURES_PER_MINUTE: '1' });
    stores.push(store);
    await page.goto(`${store.origin}/admin/`);

    await signIn(store, 'a-wrong-key');
    await expect.poll(alertText).toBe('This API key is not valid for this store. Check it and try again.');
    await shoot('sign-in-wrong-key');

    await signIn(store, 'another-wrong-key');
    await expect
      .poll(alertText)
      .toMatch(/^Too many sign-in attempts\. Please try again in (\d+ seconds|1 minute)\.$/);
    expect(await page.getByLabel('API key').getAttribute('aria-invalid')).toBe('false');
    expect(await page.getByLabel('API key').inputValue()).toBe('another-wrong-key');
    await shoot('sign-in-rate-limited');
  });

  it('says when to try again when the catalogue is rate-limited, and offers to try again', async () => {
    // Sign-in's check and the first page are the two allowed calls; the filter's request is the third.
    const store = await startStore({ RATE_LIMIT_PER_MINUTE: '2' });
    stores.push(store);
    await page.goto(`${store.origin}/admin/`);
    await signIn(store);
    await page.getByRole('heading', { name: 'Catalogue' }).waitFor();
    await page.getByRole('region', { name: 'Catalogue' }).getByLabel('Status').selectOption('sold');

    const error = page.getByRole('region', { name: 'Catalogue' }).getByRole('alert');
    await expect
      .poll(() => error.textContent())
      .toMatch(
        /^The catalogue could not be loadedToo many requests in a short time\. Please try again in (\d+ seconds|1 minute)\.Try again$/,
      );
    expect(await error.textContent()).not.toMatch(TECHNICAL);
    await shoot('catalogue-rate-limited');
    await page.getByRole('button', { name: 'Sign out' }).click();
  });

  it('says the store cannot be reached, keeps what was typed, and adds it once the store is back', async () => {
    const first = await startStore();
    await page.goto(`${first.origin}/admin/`);
    await signIn(first);
    await page.getByRole('button', { name: '+ Add an animal' }).click();
    await first.stop();

    await addAnimal(page, { name: 'Rex', categoryId: '7', status: 'available' });
    const form = page.getByRole('region', { name: 'Add an animal' });
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toBe(
        'The store could not be reached, so this app could not add the animal. Check the connection and try again.Try again',
      );
    expect(await form.getByLabel('Name').inputValue()).toBe('Rex');
    expect(await form.getByLabel('Category ID').inputValue()).toBe('7');
    await shoot('add-unreachable');

    // The same store comes back on the same address, with the same key, on a fresh database.
    const second = await startStore({ PORT: new URL(first.origin).port, API_KEYS: first.apiKey });
    stores.push(second);
    await form.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByText('Added Rex with ID 1.').isVisible()).toBe(true);
    await expect.poll(() => tableRows(page)).toStrictEqual([['1', 'Rex', '7', 'available']]);
  });

  it('sends the admin back to sign-in in one sentence when the key is revoked', async () => {
    const store = await startStore();
    stores.push(store);
    await page.goto(`${store.origin}/admin/`);
    await plantSignIn(page, {
      apiKey: 'a-key-that-was-revoked',
      environment: { name: 'production', baseUrl: '/v1' },
    });
    await page.reload();
    await expect
      .poll(alertText)
      .toBe('You were signed out because the store does not accept this API key; sign in with a valid key.');
    await shoot('signed-out-revoked');
  });
});
