import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { inject } from 'vitest';

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A real headless Chromium (the one the global setup found, see chromium-executable.ts) with a profile of its own,
 * so that no test sees another's storage.
 */
export async function launchChromium(): Promise<Browser> {
  const executable = inject('chromium');
  const profile = mkdtempSync(join(tmpdir(), 'animal-store-admin-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: executable.path,
    headless: true,
    // The packaged browser brings its own fonts, so that a machine without any still renders text.
    ...(executable.fontconfigPath && { env: { ...process.env, FONTCONFIG_PATH: executable.fontconfigPath } }),
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
