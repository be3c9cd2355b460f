import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '@animal-store/testing/free-port';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAnimal, tableRows } from './support/catalogue-page.js';
import { type Browser, launchChromium } from './support/chromium.js';
import { sidewaysOverflow } from './support/layout-checks.js';
import { recordPageProblems } from './support/page-problems.js';
import { type RecordingProxy, startRecordingProxy } from './support/recording-proxy.js';
import { type StoreProcess, startStore } from './support/store-process.js';
import { plantSignIn, storedApiKey, storedSignIn } from './support/tab-session.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));

/**
 * Two real stores with keys of their own: production serves the app and names staging in its config.json;
 * staging allows production's origin by CORS. The browser calls staging across origins, so the CSP's connect-src
 * and the CORS headers are both on trial. Each store sits behind a proxy that records the Authorization header of
 * every request it receives, so that the tests can say which key reached which store.
 */
describe('switching between production and staging', () => {
  let production: StoreProcess;
  let staging: StoreProcess;
  let productionProxy: RecordingProxy;
  let stagingProxy: RecordingProxy;
  let browser: Browser;
  let page: Page;
  let pageProblems: () => Promise<string[]>;

  const environment = () => page.getByLabel('Environment');
  const alert = () => page.getByRole('alert').textContent();
  const signIn = async (apiKey: string) => {
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Catalogue' }).waitFor();
  };
  /** The distinct Authorization headers a store received, requests without one left out. */
  const keysReceived = (proxy: RecordingProxy) =>
    [...new Set(proxy.requests.map(({ authorization }) => authorization))].filter(Boolean);

  beforeAll(async () => {
    const productionPort = await freePort();
    [productionProxy, browser] = await Promise.all([
      startRecordingProxy(`http://127.0.0.1:${productionPort}`),
      launchChromium(),
    ]);
    staging = await startStore({ CORS_ORIGINS: productionProxy.origin });
    stagingProxy = await startRecordingProxy(staging.origin);
    production = await startStore({
      PORT: String(productionPort),
      STAGING_BASE_URL: `${stagingProxy.origin}/v1`,
    });
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
    await Promise.all([productionProxy?.close(), stagingProxy?.close()]);
    await Promise.all([production?.stop(), staging?.stop()]);
  });

  it('offers both environments and starts on production', async () => {
    await page.goto(`${productionProxy.origin}/admin/`);
    expect(await environment().inputValue()).toBe('production');
    expect(await environment().locator('option').allTextContents()).toStrictEqual(['production', 'staging']);
    // With a choice of two, the header and the form name the one in use.
    expect(await page.locator('header .environment-tag').textContent()).toBe('production');
    await page.getByRole('heading', { name: 'Sign in to production' }).waitFor();
    await signIn(production.apiKey);
    await expect.poll(() => tableRows(page)).toStrictEqual([['1', 'Rex', '1', 'available']]);
    expect(await storedSignIn(page)).toStrictEqual({
      apiKey: production.apiKey,
      environment: { name: 'production', baseUrl: '/v1' },
    });
  });

  it("signs out on a switch to staging and asks for staging's own key, sending staging nothing", async () => {
    await environment().selectOption('staging');
    await expect
      .poll(alert)
      .toBe(
        'You were signed out of production, because each environment has its own API key. Sign in to staging with its key.',
      );
    await page.getByRole('heading', { name: 'Sign in to staging' }).waitFor();
    expect(await page.locator('header .environment-tag').textContent()).toBe('staging');
    expect(await environment().inputValue()).toBe('staging');
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await storedApiKey(page)).toBeNull();
    // The focus was on the switch, which is gone: it moves to where the next step is.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('api-key');
    expect(stagingProxy.requests).toStrictEqual([]);
  });

  it('forgets a key typed for one environment when another is chosen', async () => {
    await page.getByLabel('API key').fill(production.apiKey);
    await environment().selectOption('production');
    await page.getByRole('heading', { name: 'Sign in to production' }).waitFor();
    expect(await page.getByLabel('API key').inputValue()).toBe('');
    await environment().selectOption('staging');
    await page.getByRole('heading', { name: 'Sign in to staging' }).waitFor();
    expect(await page.getByLabel('API key').inputValue()).toBe('');
    // Choosing on the sign-in page signs nobody out, so there is nothing to announce.
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(stagingProxy.requests).toStrictEqual([]);
  });

  it('signs in to staging with its key, then lists and adds animals there', async () => {
    await signIn(staging.apiKey);
    await page.getByText('No animals in the catalogue yet').waitFor();
    await addAnimal(page, { name: 'Nova', categoryId: '9', status: 'pending' });
    await expect.poll(() => tableRows(page)).toStrictEqual([['1', 'Nova', '9', 'pending']]);
    expect(await storedSignIn(page)).toStrictEqual({
      apiKey: staging.apiKey,
      environment: { name: 'staging', baseUrl: `${stagingProxy.origin}/v1` },
    });

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

  it('keeps the header with the switch on one line on a small phone', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    expect((await page.locator('header').boundingBox())?.height).toBeLessThanOrEqual(66);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await environment().isVisible()).toBe(true);
    await page.screenshot({ path: `${RESULTS}environment-switch-small-phone.png` });
  });

  it('switches back to production, signing out of staging', async () => {
    await environment().selectOption('production');
    await expect
      .poll(alert)
      .toBe(
        'You were signed out of staging, because each environment has its own API key. Sign in to production with its key.',
      );
    for (const size of [
      { name: 'small-phone', width: 360, height: 740 },
      { name: 'desktop', width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      expect(await sidewaysOverflow(page.locator('body'))).toStrictEqual([]);
      await page.screenshot({ path: `${RESULTS}environment-switched-sign-in-${size.name}.png` });
    }
    await signIn(production.apiKey);
    await expect.poll(() => tableRows(page)).toStrictEqual([['1', 'Rex', '1', 'available']]);
  });

  it('drops a key whose environment has moved to another address since it was accepted', async () => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await plantSignIn(page, {
      apiKey: staging.apiKey,
      environment: { name: 'staging', baseUrl: 'https://old-staging.example.test/v1' },
    });
    await page.reload();
    await expect
      .poll(alert)
      .toBe("You were signed out because this app's settings for staging have changed; sign in again.");
    expect(await storedApiKey(page)).toBeNull();
    expect(requested.filter((url) => !url.startsWith(`${productionProxy.origin}/`))).toStrictEqual([]);
  });

  it("sent each store only its own key: staging never received production's, nor production staging's", async () => {
    expect(keysReceived(stagingProxy)).toStrictEqual([`Bearer ${staging.apiKey}`]);
    expect(keysReceived(productionProxy)).toStrictEqual([`Bearer ${production.apiKey}`]);
  });

  it('ran under the stores Content-Security-Policy without a single error', async () => {
    expect(await pageProblems()).toStrictEqual([]);
  });
});
