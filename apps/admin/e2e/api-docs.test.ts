import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, storeContract } from '@animal-store/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchChromium } from './support/chromium.js';
import { boxOf } from './support/layout-checks.js';
import { recordPageProblems } from './support/page-problems.js';
import { type StoreProcess, startStore } from './support/store-process.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));
const STAGING = 'https://staging.animal-store.test/v1';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** /docs as a reader sees it in Chromium: Scalar's API reference rendering the served document, on a store with staging. */
describe('the API documentation page', () => {
  let store: StoreProcess;
  let browser: Browser;
  let page: Page;
  let pageProblems: () => Promise<string[]>;
  const elsewhere: string[] = [];

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore({ STAGING_BASE_URL: STAGING }), launchChromium()]);
    page = await browser.context.newPage();
    pageProblems = await recordPageProblems(page);
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== store.origin) elsewhere.push(request.url());
    });
    mkdirSync(RESULTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });

  const operationNames = () => page.locator('.endpoint-label-name');

  async function open(size: (typeof SIZES)[number]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(`${store.origin}/docs`);
    // Scalar renders the operations one after the other: the page is read once the last of them is there.
    await operationNames()
      .nth(Object.keys(storeContract).length - 1)
      .waitFor();
  }

  it.each(SIZES)(
    'leads with the operations on a $name: the first one on the first screen, the errors after the last',
    async (size) => {
      await open(size);
      await page.screenshot({ path: `${RESULTS}docs-${size.name}.png` });
      expect(await operationNames().allTextContents()).toStrictEqual([
        'List animals',
        'Add an animal',
        'Get one animal (deprecated)',
        'List API keys',
        'Create an API key',
        'The key making the call',
        'Revoke an API key',
        'Change an API key',
        "An API key's usage by the hour",
        'Rotate an API key',
        'List the audit log of key operations',
      ]);
      expect(await page.locator('h2').allTextContents()).toStrictEqual([
        expect.stringMatching(/^Authentication/),
        'Animals',
        'API keys',
        'Errors',
      ]);
      const first = await boxOf(operationNames().first());
      expect(first.bottom).toBeLessThanOrEqual(size.height);
      // Nothing but the introduction comes before it: the error table is after the last operation.
      const errorTable = await boxOf(page.locator('td', { hasText: 'rate_limited' }));
      expect(errorTable.top).toBeGreaterThan((await boxOf(operationNames().last())).bottom);
      expect(await page.locator('td', { hasText: /^[a-z_]+$/ }).count()).toBe(
        Object.keys(ERROR_CODES).length,
      );
    },
  );

  it('shows an operation as a request in curl and with the client package, and Biscuit as the answer', async () => {
    await open(SIZES[1]);
    await page.getByRole('button', { name: /Add an animal/ }).dispatchEvent('click');
    const operation = page.locator('[id$="/POST/pets"]');
    const request = operation.locator('.request-card');
    expect(await request.locator('code').textContent()).toBe(
      [
        'curl "$ANIMAL_STORE_URL/pets" \\',
        '  --request POST \\',
        '  --header "Authorization: Bearer $ANIMAL_STORE_API_KEY" \\',
        "  --header 'Idempotency-Key: aa7edaad-26f5-49d1-9b80-3bb4bc6cdffa' \\",
        "  --header 'Content-Type: application/json' \\",
        `  --data '{"name":"Biscuit","categoryId":3,"status":"available"}'`,
        '',
      ].join('\n'),
    );
    await request.getByTestId('client-picker').click();
    expect(await page.getByRole('option').allTextContents()).toStrictEqual(['curl', '@animal-store/client']);
    await page.getByRole('option', { name: '@animal-store/client' }).click();
    const client = await request.locator('code').textContent();
    expect(client).toContain("import { createAnimalStoreClient } from '@animal-store/client';");
    expect(client).toContain(
      "const pet = await client.pets.create({ name: 'Biscuit', categoryId: 3, status: 'available' });",
    );
    const answer = await operation.locator('.response-card code').first().textContent();
    expect(JSON.parse(answer ?? '')).toStrictEqual({
      id: 1042,
      name: 'Biscuit',
      categoryId: 3,
      status: 'available',
    });
    await page.screenshot({ path: `${RESULTS}docs-operation.png` });
  });

  it('offers this store, then staging, as servers', async () => {
    await open(SIZES[1]);
    await page.locator('.scalar-reference-intro-server button[aria-haspopup=listbox]').click();
    expect(await page.getByRole('option').allTextContents()).toStrictEqual([`${store.origin}/v1`, STAGING]);
    await page.keyboard.press('Escape');
  });

  it('calls nothing but this store, and runs under its CSP without a page error', async () => {
    expect(elsewhere).toStrictEqual([]);
    expect(await pageProblems()).toStrictEqual([]);
  });
});
