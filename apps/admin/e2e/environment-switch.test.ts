import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAnimal, storedApiKey, tableRows } from './support/catalogue-page.js';
import { type Browser, launchChromium } from './support/chromium.js';
import { recordPageProblems } from './support/page-problems.js';
import { freePort, type StoreProcess, startStore } from './support/store-process.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));

/**
 * Two real stores with keys of their own: production serves the app and names staging in its config.json;
 * staging allows production's origin by CORS. The browser calls staging across origins, so the CSP's connect-src
 * and the CORS headers are both on trial.
 */
describe('switching between production and staging', () => {
  let production: StoreProcess;
  let staging: StoreProcess;
  let browser: Browser;
  let page: Page;
  let pageProblems: () => Promise<string[]>;

  const environment = () => page.getByLabel('Environment');
  const signIn = async (apiKey: string) => {
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Catalogue' }).waitFor();
  };

  beforeAll(async () => {
    const productionPort = await freePort();
    [staging, browser] = await Promise.all([
      startStore({ CORS_ORIGINS: `http://127.0.0.1:${productionPort}` }),
      launchChromium(),
    ]);
    production = await startStore({ PORT: String(productionPort), STAGING_BASE_URL: `${staging.origin}/v1` });
    await fetch(`${production.origin}/v1/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${production.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'available' }),
    });
    page = await browser.context.newPage();
    pageProblems = await recordPageProblems(page);
    mkdirSync(RESULTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([production?.stop(), staging?.stop()]);
  });

  it('offers both environments and starts on production', async () => {
    await page.goto(`${production.origin}/admin/`);
    expect(await environment().inputValue()).toBe('production');
    expect(await environment().locator('option').allTextContents()).toStrictEqual(['production', 'staging']);
    // With a choice of two, the header names the one in use.
    expect(await page.locator('header .environment-tag').textContent()).toBe('production');
    await signIn(production.apiKey);
    await expect.poll(() => tableRows(page)).toStrictEqual([['1', 'Rex', '1', 'available']]);
  });

  it("asks for staging's key after a switch, then lists and adds animals on staging", async () => {
    await environment().selectOption('staging');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('You were signed out because the store does not accept this API key; sign in with a valid key.');
    expect(await environment().inputValue()).toBe('staging');
    expect(await storedApiKey(page)).toBeNull();

    await signIn(staging.apiKey);
    await page.getByText('No animals in the catalogue yet').waitFor();
    await addAnimal(page, { name: 'Nova', categoryId: '9', status: 'pending' });
    await expect.poll(() => tableRows(page)).toStrictEqual([['1', 'Nova', '9', 'pending']]);

    const onStaging = await fetch(`${staging.origin}/v1/pets`, {
      headers: { authorization: `Bearer ${staging.apiKey}` },
    }).then((response) => response.json());
    expect(onStaging).toStrictEqual([{ id: 1, name: 'Nova', categoryId: 9, status: 'pending' }]);
  });

  it('keeps the chosen environment across a reload of the tab', async () => {
    await page.reload();
    await expect.poll(() => tableRows(page)).toStrictEqual([['1', 'Nova', '9', 'pending']]);
    expect(await environment().inputValue()).toBe('staging');
  });

  it('switches back to production', async () => {
    await environment().selectOption('production');
    await page.getByRole('alert').waitFor();
    await signIn(production.apiKey);
    await expect.poll(() => tableRows(page)).toStrictEqual([['1', 'Rex', '1', 'available']]);
    expect(await pageProblems()).toStrictEqual([]);
  });

  it('keeps the header with the switch on one line on a small phone', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    expect((await page.locator('header').boundingBox())?.height).toBeLessThanOrEqual(66);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await environment().isVisible()).toBe(true);
    await page.screenshot({ path: `${RESULTS}environment-switch-small-phone.png` });
  });
});
