import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchChromium } from './support/chromium.js';
import { recordPageProblems } from './support/page-problems.js';
import { type StoreProcess, startStore } from './support/store-process.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));
const STAGING = 'https://staging.animal-store.test/v1';

/** /docs as a reader sees it in Chromium: Swagger UI rendering the served document, on a store with staging. */
describe('the API documentation page', () => {
  let store: StoreProcess;
  let browser: Browser;
  let page: Page;
  let pageProblems: () => Promise<string[]>;

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore({ STAGING_BASE_URL: STAGING }), launchChromium()]);
    page = await browser.context.newPage();
    pageProblems = await recordPageProblems(page);
    await page.goto(`${store.origin}/docs/`);
    await page.locator('.opblock').first().waitFor();
    mkdirSync(RESULTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });

  it('groups the operations under the Animals and API keys tags, getPet marked deprecated', async () => {
    expect(await page.locator('.opblock-tag').allTextContents()).toStrictEqual([
      expect.stringMatching(/^Animals/),
      expect.stringMatching(/^API keys/),
    ]);
    // Swagger UI breaks paths with zero-width spaces.
    const paths = await page
      .locator('.opblock-summary-path, .opblock-summary-path__deprecated')
      .allTextContents();
    expect(paths.map((path) => path.replaceAll('\u200b', ''))).toStrictEqual([
      '/pets',
      '/pets',
      '/pets/{petId}',
      '/api-keys',
      '/api-keys',
      '/api-keys/current',
      '/api-keys/{keyId}',
      '/api-keys/{keyId}/rotate',
    ]);
    expect(await page.locator('.opblock.opblock-deprecated').count()).toBe(1);
  });

  it('states the deprecation with its Sunset date, the Error body and every error code', async () => {
    const intro = page.locator('.info .description');
    expect(await intro.textContent()).toContain('is deprecated and will be removed on 5 December 2030');
    expect((await intro.locator('pre').textContent())?.trim()).toBe(
      '{ "code": "validation_failed", "message": "query parameter \'limit\': must be at most 100", "status": 400 }',
    );
    const codes = await intro.locator('table tbody tr td:first-child').allTextContents();
    expect(codes).toContain('rate_limited');
    expect(codes).toContain('service_unavailable');
    expect(codes.length).toBeGreaterThanOrEqual(17);
    await page.screenshot({ path: `${RESULTS}docs-desktop.png`, fullPage: true });
  });

  it('offers this store by the relative /v1, never by the Host the request named, then staging, as servers', async () => {
    expect(await page.locator('.servers select option').allTextContents()).toStrictEqual([
      '/v1 - This server',
      `${STAGING} - Staging`,
    ]);
  });

  it("gives the store's own answer for the example error", async () => {
    const response = await fetch(`${store.origin}/v1/pets?limit=101`, {
      headers: { authorization: `Bearer ${store.apiKey}` },
    });
    expect(await response.json()).toStrictEqual({
      code: 'validation_failed',
      message: "query parameter 'limit': must be at most 100",
      status: 400,
    });
  });

  it('ran under the CSP without a page error', async () => {
    expect(await pageProblems()).toStrictEqual([]);
  });
});
