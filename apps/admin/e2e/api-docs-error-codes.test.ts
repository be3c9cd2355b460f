import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchChromium } from './support/chromium.js';
import { outsideTheWindow, sidewaysScroll } from './support/layout-checks.js';
import { type StoreProcess, startStore } from './support/store-process.js';
import { linesOfText } from './support/text-lines.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** The error-code table of /docs, as a reader looks up a code: every code, status and heading whole. */
describe('the error-code table on /docs', () => {
  let store: StoreProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore(), launchChromium()]);
    page = await browser.context.newPage();
    mkdirSync(RESULTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });

  it.each(SIZES)(
    'at $width px: no heading a letter a line, no status or code broken, nothing off the screen',
    async (size) => {
      await page.setViewportSize(size);
      await page.goto(`${store.origin}/docs`);
      const table = page.locator('.markdown table').filter({ hasText: 'validation_failed' });
      await table.waitFor();
      await table.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${RESULTS}docs-error-codes-${size.name}.png` });

      expect(await table.locator('th').allTextContents()).toStrictEqual(['code', 'status', 'when']);
      expect(await linesOfText(table.locator('th'))).toStrictEqual([1, 1, 1]);
      const codes = table.locator('td code');
      const statuses = table.locator('tbody td:nth-child(2)');
      expect(await statuses.allTextContents()).toContain('400');
      expect(new Set(await linesOfText(statuses))).toStrictEqual(new Set([1]));
      // Every code on one line, the longest (idempotency_request_in_progress) too, and none cut off.
      expect(await codes.allTextContents()).toContain('validation_failed');
      expect(new Set(await linesOfText(codes))).toStrictEqual(new Set([1]));
      expect(await outsideTheWindow(table)).toStrictEqual([]);
      expect(await sidewaysScroll(page)).toBe(0);
      // What each code means is read as text, not a word a line: its cell is at least half the table's width.
      const [meaning, whole] = await Promise.all([
        table.locator('tbody tr').first().locator('td').last().boundingBox(),
        table.boundingBox(),
      ]);
      expect((meaning?.width ?? 0) * 2).toBeGreaterThanOrEqual(whole?.width ?? Number.POSITIVE_INFINITY);
    },
  );
});
