import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LIST_LIMIT } from '@animal-store/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tableRows } from './support/catalogue-page.js';
import { type Browser, launchChromium } from './support/chromium.js';
import { boxOf, viewportHeight } from './support/layout-checks.js';
import { type StoreProcess, startStore } from './support/store-process.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));

const SIZES = [
  { name: 'small-phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/**
 * A Next that fails is clicked at the foot of a full page, far below where the catalogue starts: its error must
 * appear where the admin is looking, and take the focus the vanished pager had, so a screen reader reads it too.
 */
describe('a failed Next page, at the foot of the catalogue', () => {
  let browser: Browser;
  let page: Page;
  let store: StoreProcess | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.context.newPage();
    mkdirSync(RESULTS, { recursive: true });
  });

  afterEach(async () => {
    await store?.stop();
    store = undefined;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each(SIZES)('shows its error in view and focused at $width×$height', async (size) => {
    store = await startStore();
    // One animal more than a page: the first page is full and has a Next.
    for (let i = 0; i <= LIST_LIMIT.default; i++) {
      const response = await fetch(`${store.origin}/v1/pets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${store.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Animal ${i + 1}`, categoryId: 1, status: 'available' }),
      });
      expect(response.status).toBe(201);
    }
    await page.setViewportSize(size);
    await page.goto(`${store.origin}/admin/`);
    await page.getByLabel('API key').fill(store.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(async () => (await tableRows(page)).length).toBe(LIST_LIMIT.default);

    const next = page.getByRole('button', { name: 'Next →' });
    await next.scrollIntoViewIfNeeded();
    // The admin is at the foot of the page: the top of the catalogue, where its error goes, is out of view.
    const catalogueHeading = page.getByRole('heading', { name: 'Catalogue' });
    expect((await boxOf(catalogueHeading)).bottom).toBeLessThan(0);

    // The store goes away between the first page and the next.
    await store.stop();
    store = undefined;
    await next.click();

    const error = page.getByRole('region', { name: 'Catalogue' }).getByRole('alert');
    await expect
      .poll(() => error.textContent())
      .toBe(
        'The catalogue could not be loadedThe store could not be reached, so this app could not load the catalogue. Check the connection and try again.Try again',
      );
    const box = await boxOf(error);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(viewportHeight(page));
    expect(await error.evaluate((alert) => alert.contains(document.activeElement))).toBe(true);
    await page.screenshot({ path: `${RESULTS}next-page-failed-${size.name}.png` });
  });
});
