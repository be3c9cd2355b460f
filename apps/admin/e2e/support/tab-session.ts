import type { Page } from 'playwright-core';

/** The sessionStorage item the app keeps the key in, with the environment that accepted it. */
const SIGNED_IN = 'animal-store.admin.signed-in';

export interface StoredSignIn {
  apiKey: string;
  environment: { name: string; baseUrl: string };
}

/** The key and its environment as the app keeps them, to check that sign-in stores them and sign-out removes them. */
export async function storedSignIn(page: Page): Promise<StoredSignIn | null> {
  const stored = await page.evaluate((item) => sessionStorage.getItem(item), SIGNED_IN);
  return stored === null ? null : (JSON.parse(stored) as StoredSignIn);
}

/** Just the key of `storedSignIn`, or null. */
export async function storedApiKey(page: Page): Promise<string | null> {
  return (await storedSignIn(page))?.apiKey ?? null;
}

/** Puts a session in the tab as if an earlier sign-in had left it, e.g. with a key revoked since. */
export async function plantSignIn(page: Page, signIn: StoredSignIn): Promise<void> {
  await page.evaluate(({ item, value }) => sessionStorage.setItem(item, value), {
    item: SIGNED_IN,
    value: JSON.stringify(signIn),
  });
}
