import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableRows } from './support/catalogue-page.js';
import { type Browser, launchChromium } from './support/chromium.js';
import { recordPageProblems } from './support/page-problems.js';
import { type RecordingProxy, type StandInAnswer, startRecordingProxy } from './support/recording-proxy.js';
import { type StoreProcess, startStore } from './support/store-process.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));

/** The store's own 503, as it answers while its database cannot be reached. */
const busyFor = (retryAfterSeconds: number): StandInAnswer => ({
  status: 503,
  headers: { 'content-type': 'application/json', 'retry-after': String(retryAfterSeconds) },
  body: JSON.stringify({
    code: 'service_unavailable',
    message: 'The database cannot be reached.',
    status: 503,
  }),
});

/**
 * A store that asks the app to wait, behind a proxy that answers listings with its 503 while the test says so. A
 * person at the screen should not see a wait of a second or two (the app asks again by itself), and should be told
 * at once of a long one, with when to try again, rather than watch the page load for half a minute.
 */
describe('a busy store', () => {
  let store: StoreProcess;
  let proxy: RecordingProxy;
  let browser: Browser;
  let page: Page;
  let pageProblems: () => Promise<string[]>;
  /** How many listings the proxy answers with a 503, and the Retry-After it sends with each. */
  let busy = { listings: 0, retryAfterSeconds: 0 };

  const listings = () =>
    proxy.requests.filter(({ method, path }) => method === 'GET' && path.startsWith('/v1/pets'));
  const catalogue = () => page.getByRole('region', { name: 'Catalogue' });

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore(), launchChromium()]);
    proxy = await startRecordingProxy(store.origin, ({ method, path }) => {
      if (method !== 'GET' || !path.startsWith('/v1/pets') || busy.listings === 0) return undefined;
      busy.listings--;
      return busyFor(busy.retryAfterSeconds);
    });
    const added = await fetch(`${store.origin}/v1/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${store.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'available' }),
    });
    expect(added.status).toBe(201);
    page = await browser.context.newPage();
    pageProblems = await recordPageProblems(page);
    mkdirSync(RESULTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await store?.stop();
  });

  it('waits out a second of it unseen, and shows the catalogue', async () => {
    busy = { listings: 1, retryAfterSeconds: 1 };
    await page.goto(`${proxy.origin}/admin/`);
    await page.getByLabel('API key').fill(store.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect.poll(() => tableRows(page)).toStrictEqual([['1', 'Rex', '1', 'available']]);
    expect(await catalogue().getByRole('alert').count()).toBe(0);
    // The first page was asked for twice: refused once, then answered.
    expect(listings().map(({ path }) => path)).toStrictEqual(['/v1/pets?limit=20', '/v1/pets?limit=20']);
  });

  it('says at once when to try again if the wait is long, asking only once', async () => {
    busy = { listings: 1, retryAfterSeconds: 30 };
    const before = listings().length;
    await catalogue().getByLabel('Status').selectOption('sold');

    const error = catalogue().getByRole('alert');
    await expect
      .poll(() => error.textContent())
      .toBe(
        'The catalogue could not be loadedThe store is busy and could not load the catalogue. Please try again in 30 seconds.Try again',
      );
    expect(
      listings()
        .slice(before)
        .map(({ path }) => path),
    ).toStrictEqual(['/v1/pets?limit=20&status=sold']);
    await page.screenshot({ path: `${RESULTS}catalogue-busy.png` });

    await error.getByRole('button', { name: 'Try again' }).click();
    await expect
      .poll(() => catalogue().getByRole('status').first().textContent())
      .toBe('No animals with status “sold”Show all statuses');
  });

  it('ran under the store Content-Security-Policy without a single error', async () => {
    expect(await pageProblems()).toStrictEqual([]);
  });
});
