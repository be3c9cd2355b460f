import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchChromium } from './support/chromium.js';
import { boxOf, sidewaysOverflow, viewportHeight } from './support/layout-checks.js';
import { recordPageProblems } from './support/page-problems.js';
import { type StoreProcess, startStore } from './support/store-process.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));

/** The longest names an admin is likely to type, next to short ones, on a catalogue of 15. */
const LONG_NAME = 'Bartholomew Fluffington of Kensington III';
const NAMES = [
  LONG_NAME,
  'Rex',
  'Tom',
  'Kiki',
  'Pip',
  'Luna',
  'Max',
  'Bella',
  'Charlie',
  'Daisy',
  'Milo',
  'Coco',
];
const ANIMALS = [...NAMES, 'Oscar', 'Ruby', 'A-very-long-single-word-name-without-any-spaces'].map(
  (name, i) => ({
    name,
    categoryId: 100_000 + i,
    ...(i % 4 !== 3 && { status: (['available', 'pending', 'sold'] as const)[i % 3] }),
  }),
);

const SIZES = [
  { name: 'small-phone', width: 360, height: 740 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** The catalogue at a phone's and a desktop's size, in light and dark: nothing cut off, adding one tap away. */
describe('the catalogue on a phone and on a desktop, light and dark', () => {
  let store: StoreProcess;
  let browser: Browser;
  let page: Page;
  let pageProblems: () => Promise<string[]>;

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore(), launchChromium()]);
    for (const animal of ANIMALS) {
      const response = await fetch(`${store.origin}/v1/pets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${store.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(animal),
      });
      expect(response.status).toBe(201);
    }
    page = await browser.context.newPage();
    pageProblems = await recordPageProblems(page);
    await page.goto(`${store.origin}/admin/`);
    await page.getByLabel('API key').fill(store.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('table tbody tr').nth(14).waitFor();
    mkdirSync(RESULTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });

  describe.each(SIZES)('at $width×$height', (size) => {
    it.each(SCHEMES)('shows every animal whole, in the %s scheme', async (scheme) => {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => window.scrollTo(0, 0));
      const catalogue = page.getByRole('region', { name: 'Catalogue' });

      expect(await sidewaysOverflow(catalogue)).toStrictEqual([]);
      expect(await page.locator('.pager-position').textContent()).toBe('Showing 15 animals');
      // The header stays on one line: one row of 40 px controls and its padding; a second row would add 40 px.
      expect((await boxOf(page.locator('header'))).height).toBeLessThanOrEqual(66);
      // A long name wraps to three lines at most.
      const longName = page.getByRole('button', { name: LONG_NAME });
      expect((await boxOf(longName)).height).toBeLessThanOrEqual(3 * 24 + 1);
      const background = await page.evaluate(
        () => getComputedStyle(document.documentElement).backgroundColor,
      );
      expect(background).toBe(scheme === 'dark' ? 'rgb(18, 21, 27)' : 'rgb(244, 245, 247)');

      await page.screenshot({ path: `${RESULTS}catalogue-${size.name}-${scheme}.png`, fullPage: true });
    });

    it('starts adding an animal from the first screen', async () => {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.evaluate(() => window.scrollTo(0, 0));
      const form = page.getByRole('region', { name: 'Add an animal' });
      const toggle = form.getByRole('button', { name: '+ Add an animal' });
      if (size.width < 600) {
        // Folded into one button above the list on a phone; it opens the form in place.
        expect((await boxOf(toggle)).bottom).toBeLessThanOrEqual(viewportHeight(page));
        expect(await form.getByLabel('Name').isVisible()).toBe(false);
        await toggle.click();
      } else {
        expect(await toggle.isVisible()).toBe(false);
      }
      const name = form.getByLabel('Name');
      await name.waitFor();
      const button = form.getByRole('button', { name: 'Add animal' });
      expect((await boxOf(button)).bottom).toBeLessThanOrEqual(viewportHeight(page));
      await page.screenshot({ path: `${RESULTS}add-form-${size.name}.png` });
      if (size.width < 600) await form.getByRole('button', { name: 'Close the form' }).click();
    });
  });

  it('shows the details of an animal whole on a phone, in the dark scheme', async () => {
    await page.setViewportSize(SIZES[1]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: LONG_NAME }).click();
    const dialog = page.getByRole('dialog', { name: LONG_NAME });
    await dialog.waitFor();
    expect(await sidewaysOverflow(dialog)).toStrictEqual([]);
    await page.screenshot({ path: `${RESULTS}details-phone-dark.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('stops every animation when the system asks for reduced motion', async () => {
    const probe = () =>
      page.evaluate(() => {
        const row = document.body.appendChild(document.createElement('div'));
        row.className = 'skeleton-row';
        const name = getComputedStyle(row).animationName;
        row.remove();
        return name;
      });
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await probe()).toBe('shimmer');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await probe()).toBe('none');
  });

  it('ran without a page error or a CSP violation', async () => {
    expect(await pageProblems()).toStrictEqual([]);
  });
});
