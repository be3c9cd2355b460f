import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchChromium } from './support/chromium.js';
import { outsideTheWindow, overlap, sidewaysScroll } from './support/layout-checks.js';
import { type StoreProcess, startStore } from './support/store-process.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** /docs laid out as a reader meets it: on a phone and a desktop, with the store's rules over Scalar's (decision 047). */
describe('the API documentation page, laid out', () => {
  let store: StoreProcess;
  let browser: Browser;
  let page: Page;
  const failed: string[] = [];

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore(), launchChromium()]);
    page = await browser.context.newPage();
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    mkdirSync(RESULTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });

  async function open(size: { width: number; height: number }) {
    await page.setViewportSize(size);
    await page.goto(`${store.origin}/docs`);
    await page.locator('.endpoint-label-name').first().waitFor();
  }

  it('fits a phone: nothing scrolls sideways, and "Authentication Required" stands clear of the auth type', async () => {
    await open(PHONE);
    await page.screenshot({ path: `${RESULTS}docs-layout-phone.png`, fullPage: true });
    const header = page
      .locator('.scalar-reference-intro-auth')
      .getByRole('heading', { name: /Authentication/ });
    const authType = page
      .locator('.scalar-reference-intro-auth')
      .getByRole('button', { name: /Selected Auth Type/ });
    expect(await header.textContent()).toBe('AuthenticationRequired');
    expect(await overlap(header.getByText('Required'), authType)).toBe(false);
    // Scalar cuts the heading's button off rather than let it overflow: the whole of "Required" must be inside it.
    expect(
      await header.evaluate(
        (h) => (h.parentElement?.scrollWidth ?? 0) <= (h.parentElement?.clientWidth ?? 0),
      ),
    ).toBe(true);
    expect(await sidewaysScroll(page)).toBe(0);
  });

  it('opens "Test Request" on a phone within the screen', async () => {
    await open(PHONE);
    await page.getByRole('button', { name: /Add an animal/ }).dispatchEvent('click');
    await page
      .getByRole('button', { name: /Test Request/ })
      .first()
      .click();
    const client = page.locator('.scalar-app-layout.scalar-client');
    await client.locator('[data-addressbar-action=send]').filter({ visible: true }).first().waitFor();
    // The client fades and slides in: measured once it stands still.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: `${RESULTS}docs-test-request-phone.png` });
    expect(await outsideTheWindow(client)).toStrictEqual([]);
    expect(await sidewaysScroll(page)).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('shows every response code of an operation on a desktop, none cut off or covered', async () => {
    await open(DESKTOP);
    expect(await sidewaysScroll(page)).toBe(0);
    await page.getByRole('button', { name: /Add an animal/ }).dispatchEvent('click');
    const card = page.locator('[id$="/POST/pets"] .response-card').first();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${RESULTS}docs-response-codes-desktop.png` });
    const tabs = card.getByRole('tab');
    expect(await tabs.allTextContents()).toStrictEqual(
      ['201', '400', '401', '403', '409', '413', '415', '422', '429', '500', '503'].map(
        (code) => `Status: ${code}`,
      ),
    );
    // Each tab is what a click at its middle reaches: not scrolled out of its strip, not under the copy button.
    const reachable = await tabs.evaluateAll((all) =>
      all.map((tab) => {
        const box = tab.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && tab.contains(hit);
      }),
    );
    expect(reachable).toStrictEqual(reachable.map(() => true));
  });

  it('has an icon, the one the page names and the one browsers ask for by themselves', async () => {
    await open(DESKTOP);
    const named = await page.locator('link[rel=icon]').getAttribute('href');
    expect(named).toBe('/favicon.svg');
    for (const path of [named, '/favicon.ico']) {
      const response = await page.request.get(`${store.origin}${path}`);
      expect([response.status(), response.headers()['content-type']]).toStrictEqual([
        200,
        'image/svg+xml; charset=utf-8',
      ]);
    }
    expect(failed).toStrictEqual([]);
  });
});
