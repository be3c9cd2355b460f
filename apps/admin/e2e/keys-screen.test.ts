import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ApiKey, DEFAULT_ROTATION_OVERLAP_HOURS } from '@animal-store/contract';
import { startStore as startFreshStore } from '@animal-store/testing/store-process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, launchChromium } from './support/chromium.js';
import { heapHolds } from './support/heap-holds.js';
import { keysApi } from './support/keys-api.js';
import { boxOf, brokenText, overlap, sidewaysOverflow } from './support/layout-checks.js';
import { recordPageProblems } from './support/page-problems.js';
import { type StoreProcess, startStore } from './support/store-process.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));
const HOUR_MS = 60 * 60 * 1000;

const VIEWS = [
  { size: { name: 'phone', width: 390, height: 844 }, scheme: 'light' },
  { size: { name: 'phone', width: 390, height: 844 }, scheme: 'dark' },
  { size: { name: 'desktop', width: 1280, height: 800 }, scheme: 'light' },
  { size: { name: 'desktop', width: 1280, height: 800 }, scheme: 'dark' },
] as const;

/** Words that belong to HTTP, to the API or to a library, never to a message for an admin. */
const TECHNICAL = /\b\d{3}\b|_|HTTP|status code|header|Failed to fetch/i;

/**
 * The Keys screen driven as an admin would, against a real store whose configured key (API_KEYS) may do
 * everything, at a phone's and a desktop's size, light and dark. Each view makes keys of its own, and every step
 * is checked from the store's side too: the secret shown works, a rotated key's old one keeps working for the
 * hours chosen, a revoked key is refused.
 */
describe('the Keys screen against a real store', () => {
  let store: StoreProcess;
  let browser: Browser;
  let page: Page;
  let pageProblems: () => Promise<string[]>;
  let api: ReturnType<typeof keysApi>;

  const keysRegion = () => page.getByRole('region', { name: 'API keys' });
  // By its Prefix cell: a successor's row names its predecessor's prefix too ("replaces as_…").
  const keyRow = (key: Pick<ApiKey, 'prefix'>) =>
    keysRegion()
      .locator('tbody tr')
      .filter({ has: page.locator('td[data-label="Prefix"]', { hasText: `${key.prefix}…` }) });
  const label = (key: Pick<ApiKey, 'name' | 'prefix'>) => `“${key.name}” (${key.prefix}…)`;
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  const signIn = async (apiKey: string) => {
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Catalogue' }).waitFor();
  };
  /**
   * The Keys screen at `view`'s size and scheme, signed in with the configured key, the list read afresh: each test
   * starts here, whatever the one before it left (signed out, a dialog open, a failure halfway).
   */
  const openKeysScreen = async ({ size, scheme }: (typeof VIEWS)[number]) => {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${store.origin}/admin/`);
    const signInBox = page.getByLabel('API key');
    await page.getByRole('heading', { name: 'Catalogue' }).or(signInBox).waitFor();
    if (await signInBox.isVisible()) await signIn(store.apiKey);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Keys' }).click();
    await keysRegion().waitFor();
  };
  /** A key made through the API, as the store knows it, and its secret. */
  const madeElsewhere = async (key: Parameters<typeof api.create>[1]) => {
    const secret = await api.create(store.apiKey, key);
    return { key: (await api.current(secret)) as ApiKey, secret };
  };
  /** The secret panel that appeared for `name`: focused, with the warning and a copy button; its secret. */
  const shownSecret = async (name: string) => {
    const panel = page.getByRole('region', { name: `The new key for “${name}”` });
    await panel.waitFor();
    await expect.poll(() => panel.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await panel.locator('.secret-warning').textContent()).toMatch(
      /^Copy it now: it will not be shown again\./,
    );
    const secret = (await panel.locator('code').textContent()) ?? '';
    await panel.getByRole('button', { name: 'Copy the new key' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    return { panel, secret };
  };
  /** Dismisses the secret panel; afterwards the page holds the secret nowhere, in its document or its memory. */
  const dismiss = async (shown: Awaited<ReturnType<typeof shownSecret>>) => {
    await shown.panel.getByRole('button', { name: 'Done' }).click();
    await shown.panel.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(shown.secret);
    // A query library's caches, a closed dialog's state: whatever still reaches it keeps it alive.
    expect(await heapHolds(page, shown.secret)).toBe(false);
    expect(await focusedText()).toBe('API keys');
  };

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore(), launchChromium()]);
    api = keysApi(store.origin);
    page = await browser.context.newPage();
    pageProblems = await recordPageProblems(page);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: store.origin });
    mkdirSync(RESULTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });

  describe.each(VIEWS)('on a $size.name in the $scheme scheme', (viewSpec) => {
    const { size, scheme } = viewSpec;
    const view = `${size.name}-${scheme}`;

    it('is offered in the navigation to a key that manages keys, also after a reload', async () => {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${store.origin}/admin/`);
      // Signed out, whatever a test before left.
      await page.evaluate(() => sessionStorage.clear());
      await page.reload();
      await signIn(store.apiKey);
      await page.reload();
      const nav = page.getByRole('navigation', { name: 'Screens' });
      await nav.getByRole('button', { name: 'Keys' }).click();
      await keysRegion().waitFor();
      expect(await nav.getByRole('button', { name: 'Keys' }).getAttribute('aria-current')).toBe('page');
      expect(await focusedText()).toBe('Keys');

      // The configured key this app is signed in with: marked, and changed only in the server's settings.
      const configured = keysRegion().locator('tbody tr').filter({ hasText: 'signed in' });
      expect(await configured.textContent()).toContain("Set in the server's settings");
      // Only its history is offered.
      expect(await configured.getByRole('button', { name: /^(Rotate|Revoke) / }).count()).toBe(0);
      expect(await configured.getByRole('button', { name: /^History of / }).count()).toBe(1);
    });

    it('creates a key with the scopes chosen, and shows its secret once, with a copy button', async () => {
      const name = `deploy bot ${view}`;
      await openKeysScreen(viewSpec);
      const form = page.getByRole('region', { name: 'Create a key' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('pets:read', { exact: true }).check();
      await form.getByLabel('pets:write', { exact: true }).check();
      // Thirty days ahead, to the minute, in the browser's own time zone, as the box takes it.
      const expiry = await page.evaluate(() => {
        const at = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
        at.setSeconds(0, 0);
        const two = (n: number) => String(n).padStart(2, '0');
        const local = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
        return { local, iso: at.toISOString() };
      });
      await form.getByLabel('Expires (optional)').fill(expiry.local);
      await form.getByRole('button', { name: 'Create key' }).click();

      const shown = await shownSecret(name);
      await page.screenshot({ path: `${RESULTS}keys-secret-${view}.png` });
      const fromStore = await api.current(shown.secret);
      expect(fromStore).toMatchObject({
        name,
        scopes: ['pets:read', 'pets:write'],
        state: 'active',
        configured: false,
      });
      expect(Date.parse(fromStore?.expiresAt ?? '')).toBe(Date.parse(expiry.iso));
      await dismiss(shown);

      const row = keyRow(fromStore as ApiKey);
      expect(await row.locator('.scope-list li').allTextContents()).toStrictEqual([
        'pets:read',
        'pets:write',
      ]);
      expect(await row.locator('.badge').textContent()).toBe('active');
      // The form is empty again for the next key.
      expect(await form.getByLabel('Name').inputValue()).toBe('');
    });

    it('rotates a key with the overlap chosen, after a confirmation that names it', async () => {
      const name = `rotated bot ${view}`;
      const { key: created, secret: createdSecret } = await madeElsewhere({ name, scopes: ['pets:read'] });
      await openKeysScreen(viewSpec);
      await keyRow(created)
        .getByRole('button', { name: `Rotate ${label(created)}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Rotate the key ${label(created)}?` });
      await dialog.waitFor();
      const hours = dialog.getByLabel('Hours the old key keeps working');
      expect(await hours.inputValue()).toBe(String(DEFAULT_ROTATION_OVERLAP_HOURS));
      await hours.fill('2');
      const asked = Date.now();
      await dialog.getByRole('button', { name: 'Rotate key' }).click();

      const shown = await shownSecret(name);
      const successor = (await api.current(shown.secret)) as ApiKey;
      expect(successor).toMatchObject({ name, scopes: created.scopes, state: 'active' });
      expect(successor.id).not.toBe(created.id);
      expect(await shown.panel.textContent()).toContain('The old key keeps working for 2 more hours');
      // The old key still works, and stops two hours after the rotation.
      const old = await api.current(createdSecret);
      expect(old?.state).toBe('active');
      const stops = Date.parse(old?.expiresAt ?? '') - asked;
      expect(stops).toBeGreaterThan(2 * HOUR_MS - 60_000);
      expect(stops).toBeLessThan(2 * HOUR_MS + 60_000);
      await dismiss(shown);
      await expect.poll(() => keysRegion().locator('tbody tr').filter({ hasText: name }).count()).toBe(2);
    });

    it('revokes a key only once the confirmation that names it is accepted', async () => {
      const { key: target, secret: targetSecret } = await madeElsewhere({
        name: `revoked bot ${view}`,
        scopes: ['pets:read'],
      });
      await openKeysScreen(viewSpec);
      const revoke = keyRow(target).getByRole('button', { name: `Revoke ${label(target)}` });
      const dialog = page.getByRole('dialog', { name: `Revoke the key ${label(target)}?` });
      await revoke.click();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Cancelled: the key works, and the focus is back on the button that asked.
      expect((await api.current(targetSecret))?.state).toBe('active');
      expect(await focusedText()).toBe(`Revoke ${label(target)}`);

      await revoke.click();
      await page.screenshot({ path: `${RESULTS}keys-revoke-${view}.png` });
      await dialog.getByRole('button', { name: 'Revoke key' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(focusedText).toBe(`The key ${label(target)} is revoked.`);
      const stored = (await api.list(store.apiKey)).find(({ id }) => id === target.id);
      expect(stored?.state).toBe('revoked');
      // Refused from then on, within the ten seconds the contract allows every instance.
      await expect.poll(() => api.current(targetSecret), { timeout: 20_000 }).toBeUndefined();
      await expect.poll(() => keyRow(target).locator('.badge').textContent()).toBe('revoked');
      expect(
        await keyRow(target)
          .getByRole('button', { name: /^(Rotate|Revoke) / })
          .count(),
      ).toBe(0);
    });

    it('says in plain words why a key revoked meanwhile by someone else cannot be rotated', async () => {
      // A key never rotated (a rotated one offers no second rotation), made elsewhere, then the list read again.
      const otherName = `other bot ${view}`;
      const { key: other } = await madeElsewhere({ name: otherName, scopes: ['pets:read'] });
      await openKeysScreen(viewSpec);
      await keyRow(other)
        .getByRole('button', { name: `Rotate ${label(other)}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Rotate the key ${label(other)}?` });
      await dialog.waitFor();
      // Another admin revokes it while this one is about to rotate it.
      await api.revoke(store.apiKey, other.id);
      await dialog.getByRole('button', { name: 'Rotate key' }).click();

      const alert = dialog.getByRole('alert');
      await expect
        .poll(() => alert.textContent())
        .toBe(
          'This key has been revoked or has expired in the meantime, so it cannot be rotated. The list shows its state now.',
        );
      expect(await alert.textContent()).not.toMatch(TECHNICAL);
      await page.screenshot({ path: `${RESULTS}keys-rotate-refused-${view}.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => keyRow(other).locator('.badge').textContent()).toBe('revoked');
    });

    it(`shows every key whole, as ${size.width < 600 ? 'cards' : 'a table'}`, async () => {
      const expiresAt = new Date(Date.now() + 30 * 24 * HOUR_MS).toISOString();
      const { key: created } = await madeElsewhere({
        name: `listed bot ${view}`,
        scopes: ['pets:read'],
        expiresAt,
      });
      await openKeysScreen(viewSpec);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await sidewaysOverflow(page.getByRole('region', { name: 'Create a key' }))).toStrictEqual([]);
      expect(await sidewaysOverflow(keysRegion())).toStrictEqual([]);
      const expires = keyRow(created).locator('td[data-label="Expires"]');
      const display = await expires.evaluate((cell) => getComputedStyle(cell).display);
      expect(display).toBe(size.width < 600 ? 'flex' : 'table-cell');
      const background = await page.evaluate(
        () => getComputedStyle(document.documentElement).backgroundColor,
      );
      expect(background).toBe(scheme === 'dark' ? 'rgb(18, 21, 27)' : 'rgb(244, 245, 247)');
      await page.screenshot({ path: `${RESULTS}keys-${view}.png`, fullPage: true });
    });

    it('offers neither the Keys screen nor the add form to a key that may only read', async () => {
      const reader = await api.create(store.apiKey, { name: `reader ${view}`, scopes: ['pets:read'] });
      await openKeysScreen(viewSpec);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await signIn(reader);
      // The sign-in check told the app the key's scopes: the catalogue is drawn knowing them.
      expect(await page.getByRole('navigation', { name: 'Screens' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Keys' }).count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Add an animal' }).count()).toBe(0);
      expect(await sidewaysOverflow(page.getByRole('region', { name: 'Catalogue' }))).toStrictEqual([]);
      await page.screenshot({ path: `${RESULTS}catalogue-read-only-${view}.png` });
      await page.getByRole('button', { name: 'Sign out' }).click();
    });
  });

  it('ran under the store Content-Security-Policy without a single error', async () => {
    expect(await pageProblems()).toStrictEqual([]);
  });
});

/**
 * A fresh store's Keys screen, where its first key is the only one that can manage keys, and the card of a rotated
 * key that has made a deprecated call: every word whole, nothing cut, nothing touching, at a phone's and a
 * desktop's width.
 */
/** What must stay on one line: on a phone's card a whole time; in a table's column its date and its time of day. */
const wholeAt = (width: number) => (width < 600 ? 'time, .badge' : '.instant-part, .badge');

describe('the Keys screen of a fresh store, at 390 and 1280 px', () => {
  let store: Awaited<ReturnType<typeof startFreshStore>>;
  let browser: Browser;
  let page: Page;
  const keysRegion = () => page.getByRole('region', { name: 'API keys' });
  const keyRow = (prefix: string) =>
    keysRegion()
      .locator('tbody tr')
      .filter({ has: page.locator('td[data-label="Prefix"]', { hasText: `${prefix}…` }) });
  const openKeysScreen = async (width: number) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.goto(`${store.origin}/admin/`);
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await page.getByLabel('API key').fill(store.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Keys' }).click();
    await keysRegion().locator('tbody tr').first().waitFor();
  };

  beforeAll(async () => {
    [store, browser] = await Promise.all([
      startFreshStore({ entry: inject('server').main, firstKeyOnly: true }),
      launchChromium(),
    ]);
    page = await browser.context.newPage();
    mkdirSync(RESULTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });

  it.each([390, 1280])(
    'at %i px, says beside the Rotate button, whole and apart from it, that the last key manager stays',
    async (width) => {
      await openKeysScreen(width);
      const sentence = 'The last key that can manage keys: create another before revoking it';
      const row = keysRegion().locator('tbody tr').filter({ hasText: sentence });
      const note = row.getByText(sentence);
      const rotate = row.getByRole('button', { name: /^Rotate/ });
      expect(await overlap(note, rotate)).toBe(false);
      expect(await sidewaysOverflow(keysRegion())).toStrictEqual([]);
      expect(await brokenText(keysRegion(), wholeAt(width))).toStrictEqual([]);
      await page.screenshot({ path: `${RESULTS}keys-fresh-store-${width}.png`, fullPage: true });
    },
  );

  it.each([390, 1280])(
    'at %i px, shows a rotated key that made a deprecated call in whole words',
    async (width) => {
      const api = keysApi(store.origin);
      const name = `rotated at ${width}`;
      const secret = await api.create(store.apiKey, { name, scopes: ['pets:read'] });
      const key = (await api.current(secret)) as ApiKey;
      // getPet is deprecated: a call with the key is its last deprecated call.
      await fetch(`${store.baseUrl}/pets/1`, { headers: { authorization: `Bearer ${secret}` } });
      const rotated = await fetch(`${store.baseUrl}/api-keys/${key.id}/rotate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${store.apiKey}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(rotated.status).toBe(201);
      await openKeysScreen(width);

      const row = keyRow(key.prefix);
      const lastDeprecated = row.locator('td[data-label="Last deprecated call"] time');
      await lastDeprecated.waitFor();
      expect(await sidewaysOverflow(keysRegion())).toStrictEqual([]);
      expect(await brokenText(keysRegion(), wholeAt(width))).toStrictEqual([]);
      if (width < 600) {
        // On a card, the time ends where every other row's value ends, and the badge is one line tall, as elsewhere.
        const [time, prefix] = await Promise.all([
          lastDeprecated.boundingBox(),
          row.locator('td[data-label="Prefix"] code').boundingBox(),
        ]);
        expect(
          Math.abs((time?.x ?? 0) + (time?.width ?? 0) - (prefix?.x ?? 0) - (prefix?.width ?? 0)),
        ).toBeLessThan(1);
        const badges = await keysRegion().locator('.badge').all();
        const heights = await Promise.all(
          badges.map(async (badge) => Math.round((await boxOf(badge)).height)),
        );
        expect(new Set(heights).size).toBe(1);
      }
      await page.screenshot({ path: `${RESULTS}keys-rotated-${width}.png`, fullPage: true });
    },
  );
});
