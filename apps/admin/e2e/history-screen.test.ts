import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ApiKey, AuditEvent } from '@animal-store/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchChromium } from './support/chromium.js';
import { keysApi } from './support/keys-api.js';
import { sidewaysOverflow } from './support/layout-checks.js';
import { recordPageProblems } from './support/page-problems.js';
import { type StoreProcess, startStore } from './support/store-process.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));
const VIEWS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
/** More than the store's first page of 20, so that "Load more" has a page to load. */
const FILLERS = 22;

/**
 * The History screen driven as an admin would, against a real store whose history was written through its API:
 * a key created and rotated, a key refused the key list, and enough keys for a second page. What the screen shows
 * is checked against the audit log the store itself lists.
 */
describe('the History screen against a real store', () => {
  let store: StoreProcess;
  let browser: Browser;
  let page: Page;
  let pageProblems: () => Promise<string[]>;
  let api: ReturnType<typeof keysApi>;
  let pipeline: ApiKey;
  let log: AuditEvent[];

  const history = () => page.getByRole('region', { name: 'History' });
  const sentences = () => history().getByRole('rowheader').allTextContents();
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  const label = (key: Pick<ApiKey, 'name' | 'prefix'>) => `“${key.name}” (${key.prefix}…)`;
  const open = async (size: (typeof VIEWS)[number], screen: 'History' | 'Keys') => {
    await page.setViewportSize(size);
    await page.goto(`${store.origin}/admin/`);
    const signInBox = page.getByLabel('API key');
    await page.getByRole('heading', { name: 'Catalogue' }).or(signInBox).waitFor();
    if (await signInBox.isVisible()) {
      await signInBox.fill(store.apiKey);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: screen }).click();
  };

  beforeAll(async () => {
    // Some thirty calls with one key in a few seconds: above the default minute's budget.
    [store, browser] = await Promise.all([startStore({ RATE_LIMIT_PER_MINUTE: '1000' }), launchChromium()]);
    api = keysApi(store.origin);
    const secret = await api.create(store.apiKey, { name: 'ci pipeline', scopes: ['pets:read'] });
    pipeline = (await api.current(secret)) as ApiKey;
    await api.rotate(store.apiKey, pipeline.id);
    const reader = await api.create(store.apiKey, { name: 'reader', scopes: ['pets:read'] });
    // Refused, and recorded as a refusal: a key without keys:manage asking for the keys.
    expect(
      (await fetch(`${store.origin}/v1/api-keys`, { headers: { authorization: `Bearer ${reader}` } })).status,
    ).toBe(403);
    for (let n = 1; n <= FILLERS; n++)
      await api.create(store.apiKey, { name: `filler ${n}`, scopes: ['pets:read'] });
    log = await api.auditEvents(store.apiKey);
    expect(log.length).toBe(FILLERS + 4);

    page = await browser.context.newPage();
    pageProblems = await recordPageProblems(page);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: store.origin });
    mkdirSync(RESULTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });

  describe.each(VIEWS)('on a $name', (size) => {
    it('lists the newest events in plain words, the rest by keyboard with Load more', async () => {
      await open(size, 'History');
      await history().getByText('Showing 20 events; older ones follow.').waitFor();
      const shown = await sentences();
      expect(shown).toHaveLength(20);
      expect(shown[0]).toMatch(
        new RegExp(
          `^API_KEYS #1 \\(API_KEYS\\) created “filler ${FILLERS}” \\(as_\\S+…\\) at .+ from 127\\.0\\.0\\.1$`,
        ),
      );
      expect(await sidewaysOverflow(history())).toStrictEqual([]);
      await page.screenshot({ path: `${RESULTS}history-${size.name}.png` });

      // By keyboard: the button, Enter, and the focus on the first event the last page brought.
      await history().getByRole('button', { name: 'Load more' }).focus();
      await page.keyboard.press('Enter');
      await history().getByText(`Showing ${log.length} events.`).waitFor();
      const all = await sentences();
      await expect.poll(focusedText).toBe(all[20]);
      const named = `“ci pipeline” \\(${pipeline.prefix}…\\)`;
      expect(all.at(-1)).toMatch(new RegExp(`^API_KEYS #1 \\(API_KEYS\\) created ${named} at `));
      expect(all.at(-2)).toMatch(
        new RegExp(
          `^API_KEYS #1 \\(API_KEYS\\) rotated ${named}, replaced by “ci pipeline” \\(as_\\S+…\\) at `,
        ),
      );
      // The refusal: who tried what, and the code it got.
      const refused = history()
        .locator('tbody tr')
        .filter({ hasText: 'tried to list the keys, and was refused' });
      expect(await refused.locator('td[data-label="Outcome"]').textContent()).toBe(
        'Refused: insufficient_scope',
      );
      expect(await history().getByRole('button', { name: 'Load more' }).count()).toBe(0);

      // The newest event's hash, shortened, and whole on the clipboard: the one the store lists.
      const newest = log[0] as AuditEvent;
      const first = history().locator('tbody tr').first();
      expect(await first.locator('td[data-label="Hash"] code').textContent()).toBe(
        `${newest.hash.slice(0, 12)}…`,
      );
      expect(await first.locator('td[data-label="Request"]').textContent()).toBe(newest.requestId);
      await first.getByRole('button', { name: `Copy the hash of event ${newest.id}` }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(newest.hash);
      expect(await pageProblems()).toStrictEqual([]);
    });

    it("opens from a key's row narrowed to that key, and narrows further by action", async () => {
      await open(size, 'Keys');
      const row = page
        .getByRole('region', { name: 'API keys' })
        .locator('tbody tr')
        .filter({ has: page.locator('td[data-label="Prefix"]', { hasText: `${pipeline.prefix}…` }) });
      await row.getByRole('button', { name: `History of ${label(pipeline)}` }).click();
      await history()
        .getByText(`Only ${label(pipeline)}.`)
        .waitFor();
      await history().getByText('Showing 2 events.').waitFor();
      expect(await sentences()).toStrictEqual([
        expect.stringMatching(
          new RegExp(
            `^API_KEYS #1 \\(API_KEYS\\) rotated “ci pipeline” \\(${pipeline.prefix}…\\), replaced by `,
          ),
        ),
        expect.stringMatching(
          new RegExp(`^API_KEYS #1 \\(API_KEYS\\) created “ci pipeline” \\(${pipeline.prefix}…\\) at `),
        ),
      ]);

      await history().getByLabel('Action').selectOption({ label: 'Key rotated' });
      await history().getByRole('button', { name: 'Show' }).click();
      await history().getByText('Showing 1 event.').waitFor();
      expect(await sentences()).toHaveLength(1);
      expect(await sidewaysOverflow(history())).toStrictEqual([]);

      // A time range with nothing in it: the first event's minute is long after the start of 2020.
      await history().getByRole('button', { name: 'Clear' }).click();
      await history().getByLabel('Before').fill('2020-01-01T00:00');
      await history().getByRole('button', { name: 'Show' }).click();
      await history().getByText('No event matches these filters.').waitFor();
      expect(await pageProblems()).toStrictEqual([]);
    });
  });
});
