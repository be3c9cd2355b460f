import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium (installed by .ci/run); test tools never download a browser here. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A real headless Chromium with a profile of its own, so that no test sees another's storage. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    // Failing, never skipping: a missing browser must not look like a passing suite.
    throw new Error(
      `No Chromium at ${CHROMIUM}. Install Debian's package (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), 'animal-store-admin-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
