import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ApiKey, ApiKeyUsageSchema, FIELD_MESSAGES } from '@animal-store/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { type Browser, launchChromium } from './support/chromium.js';
import { keysApi } from './support/keys-api.js';
import { sidewaysOverflow } from './support/layout-checks.js';
import { recordPageProblems } from './support/page-problems.js';
import { type StoreProcess, startStore } from './support/store-process.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));

const VIEWS = [
  { size: { width: 390, height: 844 }, scheme: 'light' },
  { size: { width: 1280, height: 800 }, scheme: 'dark' },
] as const;

type Kind = 'answered' | 'refused' | 'limited' | 'failed';
type Tally = Record<Kind, number>;

/** How the store counts an answer (docs/keys.md): 2xx/3xx answered, 429 limited, other 4xx refused, 5xx failed. */
const kindOf = (status: number): Kind =>
  status === 429 ? 'limited' : status >= 500 ? 'failed' : status >= 400 ? 'refused' : 'answered';

/** The summary sentence the app must show, written here from the answers the test itself received. */
function sentence(tally: Tally, range: string): string {
  const total = tally.answered + tally.refused + tally.limited + tally.failed;
  const n = (count: number) => (count === 0 ? 'none' : String(count));
  return (
    `${total} requests in the last ${range}: ${n(tally.answered)} answered, ${n(tally.refused)} refused, ` +
    `${n(tally.limited)} limited, ${n(tally.failed)} failed.`
  );
}

/**
 * A key's policy and usage on the Keys screen, against a real store that writes the usage it counts every second:
 * requests of known outcome are sent with a key of a small rate limit, and the row's sparkline, the details' chart
 * and its table must say what the store counted, which must be what the test was answered. The policy form is used
 * by keyboard only. Every screen is checked by axe at a phone's and a desktop's size.
 */
describe.each(VIEWS)('a key’s policy and usage at $size.width px, $scheme', ({ size, scheme }) => {
  let store: StoreProcess;
  let browser: Browser;
  let page: Page;
  let pageProblems: () => Promise<string[]>;
  let api: ReturnType<typeof keysApi>;
  let partner: ApiKey;
  const tally: Tally = { answered: 0, refused: 0, limited: 0, failed: 0 };
  const name = `partner ${size.width}`;

  const keysRegion = () => page.getByRole('region', { name: 'API keys' });
  const row = (key: Pick<ApiKey, 'name'>) =>
    keysRegion()
      .locator('tbody tr')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${key.name}`) }) });
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      return element?.id
        ? (document.querySelector(`label[for="${element.id}"]`)?.textContent ?? '')
        : (element?.textContent ?? '');
    });
  /** Presses Tab until the element of that label or text has the focus, as a keyboard user would. */
  const tabTo = async (label: string) => {
    for (let presses = 0; presses < 30 && (await focused()) !== label; presses += 1)
      await page.keyboard.press('Tab');
    expect(await focused()).toBe(label);
  };
  const violations = async () => {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    return seriousViolations(page);
  };

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore({ KEY_USAGE_WRITE_SECONDS: '1' }), launchChromium()]);
    api = keysApi(store.origin);
    page = await browser.context.newPage();
    pageProblems = await recordPageProblems(page);
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: scheme });
    mkdirSync(RESULTS, { recursive: true });

    // A partner's key with a limit of 2 a minute: a write its scope refuses, then reads until two are limited.
    // Each answer is tallied as the store counts it, whatever minute the limit's window turns in.
    const secret = await api.create(store.apiKey, { name, scopes: ['pets:read'], rateLimitPerMinute: 2 });
    // Found through the admin's key: every request made with the partner's counts, in its usage and its limit.
    partner = (await api.list(store.apiKey)).find((key) => key.name === name) as ApiKey;
    const send = async (method: string) => {
      const answer = await fetch(`${store.origin}/v1/pets`, {
        method,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        ...(method === 'POST' && { body: JSON.stringify({ name: 'Rex', categoryId: 1 }) }),
      });
      tally[kindOf(answer.status)] += 1;
    };
    await send('POST');
    for (let sent = 0; sent < 20 && tally.limited < 2; sent += 1) await send('GET');
    expect(tally.limited).toBe(2);
    expect(tally.refused).toBeGreaterThanOrEqual(1);
  });

  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });

  it('counts every request sent with the key, each by the kind of its answer', async () => {
    // The store writes its counts every second: read them until all the requests sent are there.
    const counted = async () => {
      const answer = await fetch(`${store.origin}/v1/api-keys/${partner.id}/usage`, {
        headers: { authorization: `Bearer ${store.apiKey}` },
      });
      const usage = ApiKeyUsageSchema.parse(await answer.json());
      const sum: Tally = { answered: 0, refused: 0, limited: 0, failed: 0 };
      for (const hour of usage.hours) for (const kind of Object.keys(sum) as Kind[]) sum[kind] += hour[kind];
      return sum;
    };
    await expect.poll(counted, { timeout: 30_000 }).toStrictEqual(tally);
    expect(tally.answered).toBeGreaterThanOrEqual(1);

    // The Keys screen opened once the store has written them, as an admin would open it later.
    await page.goto(`${store.origin}/admin/`);
    await page.getByLabel('API key').fill(store.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Keys' }).click();
    await keysRegion().waitFor();
  });

  it("shows each key's limit, networks and last 7 days in its row, in words for a screen reader", async () => {
    const partnerRow = row(partner);
    expect(await partnerRow.locator('.key-policy').textContent()).toBe('Limit: 2 a minuteNetworks: any');
    await expect
      .poll(() => partnerRow.locator('.usage-spark .visually-hidden').textContent())
      .toBe(sentence(tally, '7 days'));
    expect(await partnerRow.locator('.usage-spark svg rect').count()).toBeGreaterThan(0);
    const configured = keysRegion().locator('tbody tr').filter({ hasText: 'signed in' });
    expect(await configured.locator('td[data-label="Last used"]').textContent()).toMatch(
      /Usage not counted for a key of the server's settings$/,
    );
    expect(await sidewaysOverflow(keysRegion())).toStrictEqual([]);
    expect(await violations()).toStrictEqual([]);
    await page.screenshot({ path: `${RESULTS}keys-usage-${size.width}.png`, fullPage: true });
  });

  it("shows a key's requests on a chart whose summary and table say the store's counts, for each range", async () => {
    await row(partner)
      .getByRole('button', { name: /^Details of/ })
      .click();
    const dialog = page.getByRole('dialog', { name: `“${name}” (${partner.prefix}…)` });
    await dialog.waitFor();
    await dialog.getByText(sentence(tally, '7 days')).waitFor();
    expect(await dialog.locator('.usage-legend li').allTextContents()).toHaveLength(4);
    await dialog.getByRole('button', { name: 'Show the numbers' }).click();
    const table = dialog.getByRole('table', { name: new RegExp(`^Requests of ${name} in the last 7 days`) });
    const columnSums = await table.evaluate((element) =>
      [1, 2, 3, 4].map((column) =>
        [...element.querySelectorAll('tbody tr')].reduce(
          (sum, tr) => sum + Number(tr.children[column]?.textContent?.replace(/,/g, '')),
          0,
        ),
      ),
    );
    expect(columnSums).toStrictEqual([tally.answered, tally.refused, tally.limited, tally.failed]);
    expect(await violations()).toStrictEqual([]);
    await page.screenshot({ path: `${RESULTS}key-usage-chart-${size.width}.png`, fullPage: true });

    await dialog.getByLabel('Over the last').selectOption('24 hours');
    await dialog.getByText(sentence(tally, '24 hours')).waitFor();
    await dialog.getByLabel('Over the last').selectOption('90 days');
    await dialog.getByText(sentence(tally, '90 days')).waitFor();
    expect(await dialog.getByRole('table').locator('tbody tr').count()).toBeGreaterThanOrEqual(90);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('changes a key’s limit and networks by keyboard only, with the store’s refusal next to the field', async () => {
    const details = row(partner).getByRole('button', { name: /^Details of/ });
    await details.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `“${name}” (${partner.prefix}…)` });
    await dialog.waitFor();
    await tabTo('Rate limit (optional)');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('30');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Allowed networks (optional)');
    // A range with its host part set: the browser cannot tell, the store refuses it, naming the range.
    await page.keyboard.type('127.0.0.0/8');
    await page.keyboard.press('Enter');
    await page.keyboard.type('10.0.0.1/8');
    await tabTo('Save changes');
    await page.keyboard.press('Enter');
    const networks = dialog.getByLabel('Allowed networks (optional)');
    await dialog.getByText(`10.0.0.1/8: ${FIELD_MESSAGES.networkHostBitsSet}`).waitFor();
    expect(await networks.getAttribute('aria-invalid')).toBe('true');
    expect(await violations()).toStrictEqual([]);
    await page.screenshot({ path: `${RESULTS}key-policy-refused-${size.width}.png`, fullPage: true });

    await tabTo('Allowed networks (optional)');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('127.0.0.0/8');
    await page.keyboard.press('Enter');
    await page.keyboard.type('::1/128');
    await tabTo('Save changes');
    await page.keyboard.press('Enter');
    await dialog.getByText(/^Saved\./).waitFor();
    const changed = (await api.list(store.apiKey)).find((key) => key.id === partner.id);
    expect(changed).toMatchObject({ rateLimitPerMinute: 30, allowedNetworks: ['127.0.0.0/8', '::1/128'] });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Details of/);
    await expect
      .poll(() => row(partner).locator('.key-policy').textContent())
      .toBe('Limit: 30 a minuteNetworks: 2 ranges');

    // The History screen tells the change in plain words, then back to the Keys screen for the next test.
    await row(partner)
      .getByRole('button', { name: /^History of/ })
      .click();
    const history = page.getByRole('region', { name: 'History' });
    await history
      .getByRole('rowheader', { name: new RegExp(`^API_KEYS #1 \\(API_KEYS\\) changed “${name}”`) })
      .first()
      .waitFor();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Keys' }).click();
    await keysRegion().waitFor();
  });

  it('says in plain words that a key revoked meanwhile cannot be changed', async () => {
    const gone = `gone ${size.width}`;
    await api.create(store.apiKey, { name: gone, scopes: ['pets:read'] });
    // Made elsewhere: a reload reads the list afresh, and the tab keeps its session.
    await page.reload();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Keys' }).click();
    await row({ name: gone })
      .getByRole('button', { name: /^Details of/ })
      .click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^“${gone}”`) });
    await dialog.waitFor();
    const key = (await api.list(store.apiKey)).find((each) => each.name === gone) as ApiKey;
    await api.revoke(store.apiKey, key.id);
    await dialog.getByLabel('Rate limit (optional)').fill('10');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe(
      'This key has been revoked or has expired in the meantime, so it cannot be changed. The list shows its state now.',
    );
    expect(await violations()).toStrictEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row({ name: gone }).locator('.badge').textContent()).toBe('revoked');
  });

  it('creates a key with a rate limit and networks', async () => {
    const form = page.getByRole('region', { name: 'Create a key' });
    const made = `office ${size.width}`;
    await form.getByLabel('Name').fill(made);
    await form.getByLabel('pets:read', { exact: true }).check();
    await form.getByLabel('Rate limit (optional)').fill('120');
    await form.getByLabel('Allowed networks (optional)').fill('203.0.113.0/24\n2001:db8::/32');
    await form.getByRole('button', { name: 'Create key' }).click();
    const secret = page.getByRole('region', { name: `The new key for “${made}”` });
    await secret.waitFor();
    await secret.getByRole('button', { name: 'Done' }).click();
    const created = (await api.list(store.apiKey)).find((key) => key.name === made);
    expect(created).toMatchObject({
      rateLimitPerMinute: 120,
      allowedNetworks: ['203.0.113.0/24', '2001:db8::/32'],
    });
    expect(
      await row(created as ApiKey)
        .locator('.key-policy')
        .textContent(),
    ).toBe('Limit: 120 a minuteNetworks: 2 ranges');
  });

  it('says that the store counts no usage of a key of its settings', async () => {
    const configured = keysRegion().locator('tbody tr').filter({ hasText: 'signed in' });
    await configured.getByRole('button', { name: /^Details of/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/the store counts no usage for it/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    expect(await violations()).toStrictEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await pageProblems()).toStrictEqual([]);
  });
});
