import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { type Browser, launchChromium } from './support/chromium.js';
import { type StoreProcess, startStore } from './support/store-process.js';

/** A phone's and a desktop's size, each in the light and the dark scheme. */
const VIEWS = [
  { size: { width: 390, height: 844 }, scheme: 'light' },
  { size: { width: 390, height: 844 }, scheme: 'dark' },
  { size: { width: 1280, height: 800 }, scheme: 'light' },
  { size: { width: 1280, height: 800 }, scheme: 'dark' },
] as const;

/** The page once it stands still: a dialog fading in is measured at its final colours. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/**
 * Every screen and dialog of the admin app, and /docs, checked by axe-core against WCAG 2.0, 2.1 and 2.2 A and AA
 * at a phone's and a desktop's size, light and dark: no serious or critical violation (decision 062).
 */
describe.each(VIEWS)('accessibility at $size.width px, $scheme', ({ size, scheme }) => {
  let store: StoreProcess;
  let browser: Browser;
  let page: Page;
  const keyName = `Accessible ${size.width} ${scheme}`;

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore(), launchChromium()]);
    const created = await fetch(`${store.origin}/v1/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${store.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Biscuit', categoryId: 1, status: 'available' }),
    });
    expect(created.status).toBe(201);
    page = await browser.context.newPage();
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: scheme });
  });

  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });

  const violations = async () => {
    await settled(page);
    return seriousViolations(page);
  };

  it('the sign-in screen, and its refusal of a wrong key', async () => {
    await page.goto(`${store.origin}/admin/`);
    await page.getByLabel('API key').waitFor();
    expect(await violations()).toStrictEqual([]);
    await page.getByLabel('API key').fill('not-a-key-this-store-knows');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await violations()).toStrictEqual([]);
  });

  it('the catalogue', async () => {
    await page.getByLabel('API key').fill(store.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Biscuit' }).waitFor();
    expect(await violations()).toStrictEqual([]);
  });

  it('the add form, with its errors', async () => {
    const form = page.getByRole('region', { name: 'Add an animal' });
    const toggle = form.getByRole('button', { name: '+ Add an animal' });
    if (await toggle.isVisible()) await toggle.click();
    await form.getByLabel('Name').fill('   ');
    await form.getByLabel('Category ID').fill('0');
    await form.getByRole('button', { name: 'Add animal' }).click();
    await expect.poll(() => form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(await violations()).toStrictEqual([]);
    await form.getByLabel('Name').fill('');
    await form.getByLabel('Category ID').fill('');
    const close = form.getByRole('button', { name: 'Close the form' });
    if (await close.isVisible()) await close.click();
  });

  it("an animal's details", async () => {
    await page.getByRole('button', { name: 'Biscuit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Biscuit' });
    await dialog.waitFor();
    expect(await violations()).toStrictEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the Keys screen, and a new key shown once', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Keys' }).click();
    await page.getByRole('region', { name: 'API keys' }).waitFor();
    expect(await violations()).toStrictEqual([]);
    const form = page.getByRole('region', { name: 'Create a key' });
    await form.getByLabel('Name').fill(keyName);
    await form.getByLabel('pets:read', { exact: true }).check();
    await form.getByRole('button', { name: 'Create key' }).click();
    const secret = page.getByRole('region', { name: `The new key for “${keyName}”` });
    await secret.waitFor();
    expect(await violations()).toStrictEqual([]);
    await secret.getByRole('button', { name: 'Done' }).click();
    await secret.waitFor({ state: 'hidden' });
  });

  it.each(['Rotate', 'Revoke'])('the %s confirmation', async (action) => {
    await page
      .getByRole('region', { name: 'API keys' })
      .getByRole('button', { name: new RegExp(`^${action} “${keyName}”`) })
      .click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${action} the key “${keyName}”`) });
    await dialog.waitFor();
    expect(await violations()).toStrictEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the History screen, with events and with none matching', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('rowheader').first().waitFor();
    expect(await violations()).toStrictEqual([]);
    await history.getByLabel('Before').fill('2020-01-01T00:00');
    await history.getByRole('button', { name: 'Show' }).click();
    await history.getByText('No event matches these filters.').waitFor();
    expect(await violations()).toStrictEqual([]);
  });

  it('the API documentation, /docs', async () => {
    await page.goto(`${store.origin}/docs`);
    await page.locator('.endpoint-label-name').first().waitFor();
    expect(await violations()).toStrictEqual([]);
  });
});

/**
 * Rules that Scalar's API client ("Test Request", opened from /docs) breaks in its own markup, which neither the
 * store's stylesheet nor the reference's configuration can change (decision 062): its code editors and key-value
 * inputs lack names and the ARIA attributes their roles require, its popover buttons carry a prohibited
 * aria-label, and two icon buttons have no name. Only these are set aside, only in that dialog.
 */
const SCALAR_CLIENT_RULES = [
  'aria-input-field-name',
  'aria-prohibited-attr',
  'aria-required-attr',
  'button-name',
];

describe.each([VIEWS[0], VIEWS[2]])("/docs's Test Request at $size.width px", ({ size }) => {
  let store: StoreProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore(), launchChromium()]);
    page = await browser.context.newPage();
    await page.setViewportSize(size);
  });

  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });

  it("breaks no rule beyond those Scalar's client markup breaks itself", async () => {
    await page.goto(`${store.origin}/docs`);
    await page.getByRole('button', { name: /Add an animal/ }).dispatchEvent('click');
    await page
      .getByRole('button', { name: /Test Request/ })
      .first()
      .click();
    const client = page.locator('.scalar-app-layout.scalar-client');
    await client.locator('[data-addressbar-action=send]').filter({ visible: true }).first().waitFor();
    await settled(page);
    const found = await seriousViolations(page);
    expect(found.filter(({ rule }) => !SCALAR_CLIENT_RULES.includes(rule))).toStrictEqual([]);
  });
});
