import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAnimal } from './support/catalogue-page.js';
import { type Browser, launchChromium } from './support/chromium.js';
import { outsideTheWindow, sidewaysScroll } from './support/layout-checks.js';
import { recordPageProblems } from './support/page-problems.js';
import { type StoreProcess, startStore } from './support/store-process.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));
/** One more than a first page holds by default (listPets' limit is 20). */
const STOCKED = 21;

/**
 * The lines the browser laid `code`'s text out on, as the characters on each: an address may wrap only after a
 * `/`, `?` or `&`, never inside a word, and never leave its last segment (an animal's id) alone on a line.
 */
function linesOf(code: Locator): Promise<string[]> {
  return code.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const lines: string[] = [];
    let lastTop: number | undefined;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const { top } = range.getBoundingClientRect();
        if (lastTop === undefined || top > lastTop + 1) lines.push(text[i] ?? '');
        else lines.push(`${lines.pop() ?? ''}${text[i] ?? ''}`);
        lastTop = top;
      }
    }
    return lines;
  });
}

/** The catalogue past its first page, as an admin who adds an animal and opens it meets it (decision 052). */
describe('an animal just added to a catalogue of more than 20, and its details on a phone', () => {
  let store: StoreProcess;
  let browser: Browser;
  let page: Page;
  let pageProblems: () => Promise<string[]>;

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore(), launchChromium()]);
    for (let i = 1; i <= STOCKED; i++) {
      const response = await fetch(`${store.origin}/v1/pets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${store.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Stock ${i}`, categoryId: 1, status: 'available' }),
      });
      expect(response.status).toBe(201);
    }
    page = await browser.context.newPage();
    pageProblems = await recordPageProblems(page);
    mkdirSync(RESULTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });

  const catalogue = () => page.getByRole('region', { name: 'Catalogue' });
  const justAdded = () => page.getByRole('region', { name: 'Just added' });
  const names = (area: Locator) => area.locator('tbody th').allTextContents();

  it('shows the animal just added above the catalogue, whose first page holds the oldest 20', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${store.origin}/admin/`);
    await page.getByLabel('API key').fill(store.apiKey);
    await page.getByLabel('API key').press('Enter');
    await expect.poll(() => catalogue().locator('tbody tr').count()).toBe(20);
    expect(await justAdded().count()).toBe(0);

    await addAnimal(page, { name: 'Newcomer', categoryId: '7', status: 'pending' });
    await expect.poll(() => names(justAdded())).toStrictEqual(['Newcomer']);
    expect(await justAdded().locator('tbody td').first().textContent()).toBe(String(STOCKED + 1));
    // Not shown twice: the page below is still the oldest 20, the new animal is on the last page.
    const listed = await catalogue().locator('table').last().locator('tbody th').allTextContents();
    expect(listed).toStrictEqual(Array.from({ length: 20 }, (_, i) => `Stock ${i + 1}`));
    await addAnimal(page, { name: 'Second', categoryId: '7', status: 'sold' });
    await expect.poll(() => names(justAdded())).toStrictEqual(['Second', 'Newcomer']);
    await page.screenshot({ path: `${RESULTS}just-added-desktop.png` });

    // On the last page the animals are listed where they belong, and no longer pinned.
    await catalogue()
      .getByRole('navigation', { name: 'Catalogue pages' })
      .getByRole('button', { name: 'Next →' })
      .click();
    await expect.poll(() => names(catalogue())).toStrictEqual(['Stock 21', 'Newcomer', 'Second']);
    expect(await justAdded().count()).toBe(0);
    await catalogue().getByRole('button', { name: '← Previous' }).click();
    await expect.poll(() => names(justAdded())).toStrictEqual(['Second', 'Newcomer']);
  });

  it('lays the details out at 1280 px: each address on one line, whole', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await justAdded().getByRole('button', { name: 'Newcomer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Newcomer' });
    await dialog.waitFor();
    await page.screenshot({ path: `${RESULTS}details-desktop.png` });
    const [, listing, address] = await dialog.locator('dd code').all();
    expect(await linesOf(listing as Locator)).toStrictEqual([`${store.origin}/v1/pets?status=pending`]);
    expect(await linesOf(address as Locator)).toStrictEqual([`${store.origin}/v1/pets/${STOCKED + 1}`]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('lays the details out on a 390 px phone: addresses whole words, labels above them, nothing off screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await justAdded().getByRole('button', { name: 'Newcomer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Newcomer' });
    await dialog.waitFor();
    await page.screenshot({ path: `${RESULTS}details-phone.png` });

    expect(await sidewaysScroll(page)).toBe(0);
    expect(await outsideTheWindow(dialog)).toStrictEqual([]);
    const [, listing, address] = await dialog.locator('dd code').all();
    for (const code of [listing, address]) {
      const lines = await linesOf(code as Locator);
      for (const line of lines.slice(0, -1)) expect(['/', '?', '&']).toContain(line.at(-1));
      expect(lines.at(-1)).toMatch(/[/?&][^/?&]+$/);
    }
    // Each label sits above its address rather than beside it, leaving the address the dialog's width.
    const labels = await dialog.locator('dt').all();
    const values = await dialog.locator('dd').all();
    for (const [index, label] of labels.entries()) {
      const [dt, dd] = await Promise.all([label.boundingBox(), values[index]?.boundingBox()]);
      expect(dt && dd && dt.y + dt.height <= dd.y + 0.5).toBe(true);
    }
    // The listing that finds it comes first; getPet's own address is offered too, marked deprecated.
    expect(await dialog.locator('dd code').allTextContents()).toStrictEqual([
      String(STOCKED + 1),
      `${store.origin}/v1/pets?status=pending`,
      `${store.origin}/v1/pets/${STOCKED + 1}`,
    ]);
    await page.keyboard.press('Escape');
  });

  it('ran without a page error or CSP report', async () => {
    expect(await pageProblems()).toStrictEqual([]);
  });
});
