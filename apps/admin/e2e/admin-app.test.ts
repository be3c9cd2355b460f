import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAnimal, tableRows } from './support/catalogue-page.js';
import { type Browser, launchChromium } from './support/chromium.js';
import { recordPageProblems } from './support/page-problems.js';
import { type StoreProcess, startStore } from './support/store-process.js';
import { plantSignIn, storedApiKey, storedSignIn } from './support/tab-session.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));

const REX = ['1', 'Rex', '1', 'available'];
const TOM = ['2', 'Tom', '2', 'pending'];
const KIKI = ['3', 'Kiki', '3', 'sold'];

// One admin's session from start to end, in order: each test continues where the previous one left the page.
describe('the admin app in Chromium against a real store on an empty SQLite file', () => {
  let store: StoreProcess;
  let browser: Browser;
  let page: Page;
  let pageProblems: () => Promise<string[]>;
  const apiRequests: string[] = [];

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${store.origin}/v1${path}`, {
      ...init,
      headers: { authorization: `Bearer ${store.apiKey}`, 'content-type': 'application/json' },
    });

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore(), launchChromium()]);
    page = await browser.context.newPage();
    pageProblems = await recordPageProblems(page);
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/v1/'))
        apiRequests.push(`${request.method()} ${request.url()}`);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });

  it('opens at the store root and refuses a wrong key with a message', async () => {
    await page.goto(`${store.origin}/`);
    expect(page.url()).toBe(`${store.origin}/admin/`);
    // One environment only: nothing to tell apart, so no environment badge.
    await page.getByLabel('API key').waitFor();
    expect(await page.locator('.environment-tag').count()).toBe(0);
    await page.getByLabel('API key').fill('not-a-key-this-store-knows');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('This API key is not valid for this store. Check it and try again.');
    expect(await page.getByLabel('API key').getAttribute('aria-invalid')).toBe('true');
    expect(await storedApiKey(page)).toBeNull();
    expect(page.url()).toBe(`${store.origin}/admin/`);
  });

  it('signs in with the right key, kept in the tab and never in the address', async () => {
    await page.getByLabel('API key').fill(store.apiKey);
    await page.getByLabel('API key').press('Enter');

    await page.getByRole('heading', { name: 'Catalogue' }).waitFor();
    await expect
      .poll(() => page.getByRole('region', { name: 'Catalogue' }).getByRole('status').first().textContent())
      .toBe('No animals in the catalogue yetAdd the first one with the form “Add an animal”.');
    // No pager and no count under an empty catalogue.
    expect(await page.getByRole('navigation', { name: 'Catalogue pages' }).count()).toBe(0);
    // The key is kept with the environment it was accepted by, here the only one: this store's own /v1.
    expect(await storedSignIn(page)).toStrictEqual({
      apiKey: store.apiKey,
      environment: { name: 'production', baseUrl: '/v1' },
    });
    expect(page.url()).not.toContain(store.apiKey);
  });

  it('adds three animals, each listed without a reload, and a double click adds one only', async () => {
    await addAnimal(page, { name: 'Rex', categoryId: '1', status: 'available' });
    await expect.poll(() => tableRows(page)).toStrictEqual([REX]);
    await addAnimal(page, { name: 'Tom', categoryId: '2', status: 'pending' }, 'dblclick');
    await expect.poll(() => tableRows(page)).toStrictEqual([REX, TOM]);
    await addAnimal(page, { name: 'Kiki', categoryId: '3', status: 'sold' });
    await expect.poll(() => tableRows(page)).toStrictEqual([REX, TOM, KIKI]);

    expect(await page.getByText('Added Kiki with ID 3.').isVisible()).toBe(true);
    expect(apiRequests.filter((request) => request.startsWith('POST '))).toHaveLength(3);
    const stored = await api('/pets').then((response) => response.json());
    expect(stored).toStrictEqual([
      { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
      { id: 2, name: 'Tom', categoryId: 2, status: 'pending' },
      { id: 3, name: 'Kiki', categoryId: 3, status: 'sold' },
    ]);
  });

  it('checks a new animal in the browser with exactly the rules and messages of the store', async () => {
    const form = page.getByRole('region', { name: 'Add an animal' });
    await form.getByLabel('Name').fill('   ');
    await form.getByLabel('Category ID').fill('0');
    await form.getByRole('button', { name: 'Add animal' }).click();

    const shownFor = async (label: string) => {
      const describedBy = await form.getByLabel(label).getAttribute('aria-describedby');
      return page.locator(`[id="${describedBy}"]`).textContent();
    };
    const fromStore = await api('/pets', {
      method: 'POST',
      body: JSON.stringify({ name: '   ', categoryId: 0 }),
    });
    expect(fromStore.status).toBe(400);
    expect((await fromStore.json()).message).toBe(
      `body field 'name': ${await shownFor('Name')}; body field 'categoryId': ${await shownFor('Category ID')}`,
    );
    expect(await shownFor('Name')).toBe('must not be empty or blank');
    // Refused in the browser: still only the three creations of the previous test went out.
    expect(apiRequests.filter((request) => request.startsWith('POST '))).toHaveLength(3);
    await form.getByLabel('Name').fill('');
    await form.getByLabel('Category ID').fill('');
  });

  it('filters by status', async () => {
    const status = page.getByRole('region', { name: 'Catalogue' }).getByLabel('Status');
    await status.selectOption('pending');
    await expect.poll(() => tableRows(page)).toStrictEqual([TOM]);
    await status.selectOption('sold');
    await expect.poll(() => tableRows(page)).toStrictEqual([KIKI]);
    await status.selectOption('');
    await expect.poll(() => tableRows(page)).toStrictEqual([REX, TOM, KIKI]);
  });

  it('pages forward through the next link with a page size of 2, and back', async () => {
    const pager = page.getByRole('navigation', { name: 'Catalogue pages' });
    const position = () => pager.locator('.pager-position').textContent();
    expect(await position()).toBe('Showing 3 animals');
    expect(await pager.getByRole('button').count()).toBe(0);
    await page.getByLabel('Page size').fill('2');
    await expect.poll(() => tableRows(page)).toStrictEqual([REX, TOM]);
    expect(await position()).toBe('Showing 2 animals · page 1');
    expect(await pager.getByRole('button', { name: '← Previous' }).isDisabled()).toBe(true);

    await pager.getByRole('button', { name: 'Next →' }).click();
    await expect.poll(() => tableRows(page)).toStrictEqual([KIKI]);
    expect(await position()).toBe('Showing 1 animal · page 2');
    expect(await pager.getByRole('button', { name: 'Next →' }).isDisabled()).toBe(true);
    expect(apiRequests.at(-1)).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/pets\?limit=2&cursor=[\w-]+$/);

    await pager.getByRole('button', { name: '← Previous' }).click();
    await expect.poll(() => tableRows(page)).toStrictEqual([REX, TOM]);
    expect(await position()).toBe('Showing 2 animals · page 1');
    await page.getByLabel('Page size').fill('20');
    await expect.poll(() => tableRows(page)).toStrictEqual([REX, TOM, KIKI]);
  });

  it("opens one animal's details from the list, without the deprecated getPet", async () => {
    await page.getByRole('button', { name: 'Tom' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tom' });
    await dialog.waitFor();
    expect(await dialog.locator('dt, dd code').allTextContents()).toStrictEqual([
      'ID',
      '2',
      'Listing address',
      `${store.origin}/v1/pets?status=pending`,
      'Address of this animal',
      `${store.origin}/v1/pets/2`,
    ]);
    expect(await dialog.locator('.details-note').allTextContents()).toStrictEqual([
      'Lists the animals with status pending, this one among them, in ID order; the next page is in the Link header.',
      'Deprecated: answered until 5 December 2030.',
    ]);
    expect(JSON.parse((await dialog.locator('pre').textContent()) ?? '')).toStrictEqual({
      id: 2,
      name: 'Tom',
      categoryId: 2,
      status: 'pending',
    });
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: store.origin });
    await dialog.getByRole('button', { name: 'Copy listing address' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${store.origin}/v1/pets?status=pending`);
    expect(await dialog.getByRole('button', { name: 'Copy listing address' }).textContent()).toBe('Copied');
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: `${RESULTS}details.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Tom');
    expect(apiRequests.filter((request) => /\/v1\/pets\/\d/.test(request))).toStrictEqual([]);
  });

  it('returns to sign-in with a message when the store stops accepting the key', async () => {
    await plantSignIn(page, {
      apiKey: 'a-key-that-was-revoked',
      environment: { name: 'production', baseUrl: '/v1' },
    });
    await page.reload();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('You were signed out because the store does not accept this API key; sign in with a valid key.');
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await storedApiKey(page)).toBeNull();

    await page.getByLabel('API key').fill(store.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => tableRows(page)).toStrictEqual([REX, TOM, KIKI]);
  });

  it('signs out: the key and the catalogue are gone', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    expect(await storedApiKey(page)).toBeNull();
    expect(await page.getByRole('table').count()).toBe(0);
    await page.reload();
    await page.getByLabel('API key').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
  });

  it('never uses a key kept without its environment, as earlier versions of the app kept it', async () => {
    const legacy = 'animal-store.admin.api-key';
    await page.evaluate(({ item, key }) => sessionStorage.setItem(item, key), {
      item: legacy,
      key: store.apiKey,
    });
    const before = apiRequests.length;
    await page.reload();
    await page.getByLabel('API key').waitFor();
    expect(await page.evaluate((item) => sessionStorage.getItem(item), legacy)).toBeNull();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(apiRequests.slice(before)).toStrictEqual([]);
  });

  it('ran under the store Content-Security-Policy without a single error', async () => {
    expect(await pageProblems()).toStrictEqual([]);
  });
});
